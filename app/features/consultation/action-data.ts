// What the consultation page's action answers, with or without JavaScript, and the browser's
// guard around it: one shape the form reads from the fetcher (hydrated) or from the page's
// actionData (a request sent without JavaScript, re-rendered on the server).
import type { Attribution } from '~/visit/attribution';
import type { ConsultationErrors, ConsultationValues } from './validation';

export type ConsultationActionData =
  /** Stored (or quietly dropped as spam): the hydrated form shows its thank-you panel. */
  | { outcome: 'sent' }
  | {
      outcome: 'refused';
      /** The rules the values broke, beside their fields. */
      errors: ConsultationErrors;
      /** Why the insert failed, shown as 'Failed to submit: …'; null when only rules failed. */
      failure: string | null;
      /** What was sent, so the form re-rendered without JavaScript keeps it. */
      values?: ConsultationValues;
      formStart?: string;
      attribution?: Attribution;
    };

/**
 * The page's clientAction: the hydrated form's request to the server's action. A network failure
 * or a server crash is answered like a refused insert, so the form stays filled and shows
 * 'Failed to submit: …' instead of the page giving way to the error screen.
 */
export async function consultationClientAction(
  serverAction: () => Promise<ConsultationActionData>,
): Promise<ConsultationActionData> {
  try {
    return await serverAction();
  } catch (error) {
    return {
      outcome: 'refused',
      errors: {},
      failure: error instanceof Error ? error.message : String(error),
    };
  }
}
