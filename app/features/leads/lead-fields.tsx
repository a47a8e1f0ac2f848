// What a lead sent and where it came from, on the lead's page: contact details (mail and phone as
// links), company, language, owner and next meeting; the request itself; the visit's attribution.
import type { Lead } from '~/data/consultations';
import type { LeadMeeting } from '~/data/meetings';
import { formatAdminDateTime } from '~/i18n/format';
import { useAdminTimeZone } from '~/admin/admin-dates';
import { ATTRIBUTION_FIELDS } from '~/visit/attribution';
import { leadsCopy as copy } from './copy';
import { mailtoHref, telHref } from './lead-words';
import { None } from './none';

const detail = copy.detail;

export function LeadContact({
  lead,
  owner,
  nextMeeting,
}: {
  lead: Lead;
  /** The owner's e-mail address, or how an absent owner reads. */
  owner: string;
  nextMeeting: LeadMeeting | undefined;
}) {
  const timeZone = useAdminTimeZone();
  const facts: Array<[string, React.ReactNode]> = [
    [copy.fields.email, <a href={mailtoHref(lead.email)}>{lead.email}</a>],
    [copy.fields.phone, <a href={telHref(lead.phone_number)}>{lead.phone_number}</a>],
    [copy.fields.company, lead.company_name],
    [copy.fields.howFoundUs, lead.how_found_us],
    [copy.fields.language, copy.languages[lead.language] ?? lead.language],
    [
      copy.fields.submitted,
      <time dateTime={lead.created_at}>{formatAdminDateTime(lead.created_at, timeZone)}</time>,
    ],
    [copy.list.columns.source, lead.source],
    [detail.owner, owner],
    [
      detail.nextMeeting,
      nextMeeting ? (
        <time dateTime={nextMeeting.startsAt}>
          {formatAdminDateTime(nextMeeting.startsAt, timeZone)}
        </time>
      ) : (
        <None label={copy.list.noMeeting} />
      ),
    ],
  ];
  return (
    <section aria-labelledby="lead-contact">
      <h2 id="lead-contact" className="lead-card__subheading">
        {detail.contact}
      </h2>
      <dl className="lead-card__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function LeadRequest({ lead }: { lead: Lead }) {
  return (
    <section aria-labelledby="lead-request" className="lead-card__message">
      <h2 id="lead-request" className="lead-card__subheading">
        {detail.request}
      </h2>
      <h3 className="lead-card__subheading">{copy.fields.problems}</h3>
      <p className="lead-card__text">{lead.problems}</p>
      <h3 className="lead-card__subheading">{copy.fields.additionalInfo}</h3>
      <p className="lead-card__text">{lead.additional_info ?? <None />}</p>
    </section>
  );
}

export function LeadAttribution({ lead }: { lead: Lead }) {
  return (
    <>
      <h2 className="lead-card__subheading">{copy.attribution.heading}</h2>
      <dl className="lead-card__facts lead-card__facts--compact">
        {ATTRIBUTION_FIELDS.map((field) => (
          <div key={field}>
            <dt>{copy.attribution[field]}</dt>
            <dd>{lead[field] ?? <None />}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
