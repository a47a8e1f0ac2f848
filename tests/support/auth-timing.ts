// Times the embedded auth's answers for members' addresses and for addresses nobody has, as a
// prober outside would: for the timing test of /otp and /recover and for `npm run bench`.
import path from 'node:path';
import { hashPassword } from '#server/supabase/auth/passwords.ts';
import { createEmailUser } from '#server/supabase/auth/users.ts';
import { embeddedPostgresUrl } from '#server/supabase/db/embedded-postgres.ts';
import { openPostgres } from '#server/supabase/db/postgres.ts';
import type { RunningSite } from './site.ts';

/** Adds `count` members (one shared password) straight into the site's embedded PostgreSQL. */
export async function addMembers(
  site: Pick<RunningSite, 'dataDir'>,
  prefix: string,
  count: number,
  password: string,
): Promise<string[]> {
  const db = await openPostgres(await embeddedPostgresUrl(path.join(site.dataDir, 'postgres')), 1);
  try {
    const hash = await hashPassword(password);
    const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@members.example`);
    for (const email of emails) await createEmailUser(db, email, hash);
    return emails;
  } finally {
    await db.close();
  }
}

export interface Spread {
  median: number;
  q1: number;
  q3: number;
}

/** Median and quartiles of the samples, in milliseconds rounded to 0.01. */
export function spread(samples: number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => {
    const i = p * (sorted.length - 1);
    const low = sorted[Math.floor(i)]!;
    const high = sorted[Math.ceil(i)]!;
    return Math.round((low + (high - low) * (i - Math.floor(i))) * 100) / 100;
  };
  return { median: at(0.5), q1: at(0.25), q3: at(0.75) };
}

export interface Timings {
  member: number[];
  stranger: number[];
  /** Every status seen, so a caller can check no answer was refused. */
  statuses: number[];
}

/**
 * Times one POST to `path` per address, a member's and a stranger's taking turns, each answer
 * alone (a pause after it lets any work left for after an answer finish, as a prober's next
 * request would find it), each pair from a client address of its own so the per-address limits
 * of the client stay out of the way. `body(email)` builds the request body.
 */
export async function timeAnswers(
  site: Pick<RunningSite, 'url' | 'anonKey'>,
  path: string,
  members: string[],
  strangers: string[],
  body: (email: string) => object,
  firstClient = 0,
): Promise<Timings> {
  const timings: Timings = { member: [], stranger: [], statuses: [] };
  const once = async (email: string, client: number) => {
    const started = performance.now();
    const response = await fetch(`${site.url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: site.anonKey,
        authorization: `Bearer ${site.anonKey}`,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        'x-forwarded-for': `198.18.${(client >> 8) & 255}.${client & 255}`,
      },
      body: JSON.stringify(body(email)),
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    timings.statuses.push(response.status);
    await new Promise((resolve) => setTimeout(resolve, 15));
    return elapsed;
  };
  for (let i = 0; i < Math.min(members.length, strangers.length); i++) {
    const client = firstClient + i;
    // Alternate who goes first, so neither side always follows the other.
    if (i % 2 === 0) {
      timings.member.push(await once(members[i]!, client));
      timings.stranger.push(await once(strangers[i]!, client));
    } else {
      timings.stranger.push(await once(strangers[i]!, client));
      timings.member.push(await once(members[i]!, client));
    }
  }
  return timings;
}
