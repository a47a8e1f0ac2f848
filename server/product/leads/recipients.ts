// Who hears of a new lead: LEADS_NOTIFY_TO, else ADMIN_EMAIL, else the first administrator
// (every signed-in user is one), looked up when the mail is sent so a newly created or renamed
// account is used without a restart.
import type { Queryable } from '#server/supabase/db/types.ts';

export type AgencyRecipientRule =
  { source: 'LEADS_NOTIFY_TO' | 'ADMIN_EMAIL'; addresses: string[] } | { source: 'oldest user' };

export function chooseAgencyRecipients(settings: {
  LEADS_NOTIFY_TO?: string[];
  ADMIN_EMAIL?: string;
}): AgencyRecipientRule {
  if (settings.LEADS_NOTIFY_TO?.length)
    return { source: 'LEADS_NOTIFY_TO', addresses: settings.LEADS_NOTIFY_TO };
  if (settings.ADMIN_EMAIL) return { source: 'ADMIN_EMAIL', addresses: [settings.ADMIN_EMAIL] };
  return { source: 'oldest user' };
}

export class NoAgencyRecipientError extends Error {
  constructor() {
    super('No address for the lead notification: set LEADS_NOTIFY_TO, or create a user.');
    this.name = 'NoAgencyRecipientError';
  }
}

/** The addresses to notify now; throws NoAgencyRecipientError when there is none yet. */
export async function lookupAgencyRecipients(
  db: Queryable,
  rule: AgencyRecipientRule,
): Promise<string[]> {
  if (rule.source !== 'oldest user') return rule.addresses;
  const { rows } = await db.query<{ email: string }>(
    `select email from auth.users
     where email is not null and deleted_at is null
     order by created_at, id
     limit 1`,
  );
  const email = rows[0]?.email;
  if (!email) throw new NoAgencyRecipientError();
  return [email];
}

/** For the start-up log line. */
export function describeAgencyRecipients(rule: AgencyRecipientRule): string {
  return rule.source === 'oldest user'
    ? "the first user's address (set LEADS_NOTIFY_TO to choose)"
    : `${rule.addresses.join(', ')} (${rule.source})`;
}
