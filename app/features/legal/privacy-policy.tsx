// The privacy policy page: a Back button, a link to the twin
// page in the other language, the "last updated" date, a table of contents and fifteen sections.
import { AGENCY_TIME_ZONE } from '~/config/time-zone';
import { Fragment } from 'react';
import { useLocation } from 'react-router';
import { formatLongDate } from '~/i18n/format';
import { localizedPath, switchLanguagePath, useLanguage } from '~/i18n/locale';
import { useHydrated } from '~/ui/use-hydrated';
import { policySectionIds, privacyPolicyText, type Block, type Inline } from './copy';
import type { PolicyFacts } from './processing-tools';
import './privacy-policy.css';
import { SiteLink } from '~/ui/site-link';

/** The calendar date of an instant in the agency's time zone, as YYYY-MM-DD for <time>. */
export function stockholmDate(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: AGENCY_TIME_ZONE,
  }).format(new Date(iso));
}

/**
 * "Today" for the policy's last-updated date: the agency's calendar day, as noon UTC of that
 * day. The page shows only the date, and one value all day long keeps its HTML the same, so a
 * repeat visit gets 304 Not Modified instead of the whole page again.
 */
export function policyDay(now: Date = new Date()): string {
  return `${stockholmDate(now.toISOString())}T12:00:00.000Z`;
}

function InlineText({ content }: { content: Inline[] }) {
  return content.map((part, index) =>
    typeof part === 'string' ? (
      <Fragment key={index}>{part}</Fragment>
    ) : (
      <a key={index} href={part.href}>
        {part.text}
      </a>
    ),
  );
}

function PolicyBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <InlineText content={block.content} />
        </p>
      );
    case 'list':
      return (
        <ul className="privacy__list">
          {block.items.map((item) =>
            typeof item === 'string' ? (
              <li key={item}>{item}</li>
            ) : (
              <li key={item.term}>
                <strong>{item.term}</strong>: {item.text}
              </li>
            ),
          )}
        </ul>
      );
    case 'address':
      return (
        <address className="privacy__address">
          {block.lines.map((line, index) => (
            <span key={index} className="privacy__address-line">
              <InlineText content={line} />
            </span>
          ))}
        </address>
      );
  }
}

/**
 * Back: the previous entry in this tab's history, whatever loaded it (a full page load included,
 * which starts React Router's own count afresh). Only a fresh tab, with nothing to go back to
 * (a link opened in a new tab, an address typed in), goes to the home page of the page's language
 * instead. app/enhance makes it work (data-history-back), so it is disabled until a script runs.
 */
function BackButton({ label }: { label: string }) {
  const language = useLanguage();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button privacy__back"
      disabled={!hydrated}
      data-history-back
      data-home={localizedPath('/', language)}
    >
      <svg
        width="16"
        height="16"
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M10 3 5 8l5 5" />
      </svg>
      {label}
    </button>
  );
}

export function PrivacyPolicy({ today, facts }: { today: string; facts: PolicyFacts }) {
  const language = useLanguage();
  const t = privacyPolicyText(language, facts);
  const location = useLocation();
  // Section ids are the same in both languages: app/enhance adds the #hash to the link
  // (data-keep-hash), which the server never sees.
  const twin = switchLanguagePath(location.pathname, t.otherLanguage.language);

  return (
    <article className="privacy">
      <header className="page-intro privacy__intro">
        <div className="container">
          <div className="privacy__toolbar">
            <BackButton label={t.back} />
            <SiteLink
              to={twin}
              className="privacy__language"
              data-keep-hash
              lang={t.otherLanguage.language}
              hrefLang={t.otherLanguage.language}
            >
              {t.otherLanguage.label}
            </SiteLink>
          </div>
          <h1>{t.heading}</h1>
          <p className="lead">{t.intro}</p>
          <p className="privacy__updated">
            {t.lastUpdated}{' '}
            <time dateTime={stockholmDate(today)}>{formatLongDate(today, language)}</time>
          </p>
        </div>
      </header>

      <div className="container privacy__layout">
        <nav className="privacy__toc" aria-labelledby="privacy-contents">
          <h2 id="privacy-contents" className="privacy__toc-heading">
            {t.contents}
          </h2>
          <ol>
            {policySectionIds.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{t.sections[id].heading}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="privacy__body">
          {policySectionIds.map((id, index) => {
            const section = t.sections[id];
            return (
              <section key={id} className="privacy__section" aria-labelledby={id}>
                <h2 id={id}>
                  <span className="privacy__number">{index + 1}.</span> {section.heading}
                </h2>
                {section.body.map((block, blockIndex) => (
                  <PolicyBlock key={blockIndex} block={block} />
                ))}
              </section>
            );
          })}
        </div>
      </div>
    </article>
  );
}
