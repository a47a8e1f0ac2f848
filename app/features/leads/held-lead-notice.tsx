// What a held lead's page says above its details: why it was kept without mails, and the button
// that releases it (deleting it is the page's usual Delete). See docs/leads.md.
import { leadsCopy as copy } from './copy';

export function HeldLeadNotice({
  busy,
  releasing,
  onRelease,
}: {
  busy: boolean;
  releasing: boolean;
  onRelease: () => void;
}) {
  return (
    <section className="lead-held-notice" aria-labelledby="lead-held-heading">
      <h2 id="lead-held-heading">{copy.held.heading}</h2>
      <p>{copy.held.text}</p>
      <button type="button" className="button button--primary" disabled={busy} onClick={onRelease}>
        {releasing ? copy.held.releasing : copy.held.release}
      </button>
    </section>
  );
}
