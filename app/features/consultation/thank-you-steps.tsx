import { useCopy } from '~/i18n/locale';
import { consultationCopy } from './copy';

/** 'What happens next?' and its three numbered steps. */
export function ThankYouSteps({ headingLevel }: { headingLevel: 2 | 3 }) {
  const t = useCopy(consultationCopy).thankYou;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="consultation-steps">
      <Heading className="consultation-steps__heading">{t.nextHeading}</Heading>
      <ol className="consultation-steps__list">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
