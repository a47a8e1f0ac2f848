// What the consultation page's action answers when it does not store a request: the page is
// rendered again with this, for a form sent without JavaScript and for the page's script alike
// (enhance-form.ts reads the errors and the failure from that HTML). A stored request (or one
// dropped as spam) is answered with a 303 to the thank-you page instead.
import type { Attribution } from '~/visit/attribution';
import type { ConsultationErrors, ConsultationValues } from './validation';

export interface ConsultationActionData {
  outcome: 'refused';
  /** The rules the values broke, beside their fields. */
  errors: ConsultationErrors;
  /** Why the insert failed, shown as 'Failed to submit: …'; null when only rules failed. */
  failure: string | null;
  /**
   * The agency's phone (when it has one) and e-mail, given when the request was past every limit
   * (docs/decisions/0024-held-leads.md): the visitor reaches the agency directly instead.
   */
  contact: { phone: string | null; email: string } | null;
  /** What was sent, so the re-rendered form keeps it. */
  values: ConsultationValues;
  /** The first signed start time, which stands after a refusal. */
  formStart: string;
  attribution: Attribution;
}
