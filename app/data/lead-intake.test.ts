import { describe, expect, it } from 'vitest';
import { DataError } from './errors';
import { SUBMIT_RETRY_WAITS_MS, submitConsultation, type ConsultationInput } from './lead-intake';
import type { AppSupabaseClient } from './supabase';

interface Answer {
  error: { message: string; code: string; details?: string } | null;
  status: number;
}

/** A client whose inserts answer `answers` in turn, and which keeps what each try sent. */
function answering(...answers: Answer[]) {
  const tries: Array<{ row: unknown; headers: Record<string, string> }> = [];
  const client = {
    from: (table: string) => {
      expect(table).toBe('consultations');
      return {
        insert: (row: unknown) => {
          const sent = { row, headers: {} as Record<string, string> };
          tries.push(sent);
          const answer = answers.shift();
          if (!answer) throw new Error('tried once too often');
          const builder = {
            setHeader(name: string, value: string) {
              sent.headers[name] = value;
              return builder;
            },
            then: (resolve: (value: Answer) => unknown) => Promise.resolve(answer).then(resolve),
          };
          return builder;
        },
      };
    },
  } as unknown as AppSupabaseClient;
  return { client, tries };
}

const lead: ConsultationInput = {
  id: '0b6f1d0e-6a0e-4d8e-9d55-3f1c2b9e7a10',
  name: 'Erik Lund',
  email: 'erik@lundbygg.se',
  phone_number: '070-123 45 67',
  problems: 'We get too few enquiries in winter.',
  company_name: 'Lund Bygg AB',
  how_found_us: 'Google',
  language: 'swedish',
};

const stored: Answer = { error: null, status: 201 };
const unreachable: Answer = {
  error: { message: 'Database client error. Retrying the connection.', code: 'PGRST001' },
  status: 503,
};
const idTaken: Answer = {
  error: {
    message: 'duplicate key value violates unique constraint "consultations_pkey"',
    code: '23505',
  },
  status: 409,
};

describe('submitConsultation', () => {
  it('tries a lead again while the database cannot be reached, as the same visitor', async () => {
    const { client, tries } = answering(unreachable, unreachable, stored);
    const waits: number[] = [];
    await submitConsultation(
      client,
      lead,
      { clientAddress: '198.51.100.7', userAgent: 'Firefox' },
      async (ms) => void waits.push(ms),
    );
    expect(waits).toEqual(SUBMIT_RETRY_WAITS_MS);
    expect(tries).toHaveLength(3);
    for (const sent of tries) {
      expect(sent).toEqual({
        row: lead,
        headers: { 'x-forwarded-for': '198.51.100.7', 'x-visitor-user-agent': 'Firefox' },
      });
    }
  });

  it('takes its id found taken on a later try as stored: the lost answer was a stored lead', async () => {
    const { client, tries } = answering(unreachable, idTaken);
    await expect(submitConsultation(client, lead, {}, async () => {})).resolves.toBeUndefined();
    expect(tries).toHaveLength(2);
  });

  it('fails with the last answer once the waits are spent', async () => {
    const { client, tries } = answering(unreachable, unreachable, unreachable);
    const failure = await submitConsultation(client, lead, {}, async () => {}).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DataError);
    expect(failure).toMatchObject({ code: 'PGRST001', status: 503 });
    expect(tries).toHaveLength(3);
  });

  it('does not try again what the database refused, nor a lead without its own id', async () => {
    const refused: Answer = {
      error: { message: 'Too many requests', code: 'PT429' },
      status: 429,
    };
    const once = answering(refused);
    await expect(submitConsultation(once.client, lead, {}, async () => {})).rejects.toMatchObject({
      isRateLimited: true,
    });
    expect(once.tries).toHaveLength(1);
    // The first try's id taken is another lead's: never taken as stored.
    const taken = answering(idTaken);
    await expect(submitConsultation(taken.client, lead, {}, async () => {})).rejects.toMatchObject({
      code: '23505',
    });
    const withoutId = answering(unreachable);
    const { id: _id, ...noId } = lead;
    await expect(
      submitConsultation(withoutId.client, noId, {}, async () => {}),
    ).rejects.toMatchObject({ code: 'PGRST001' });
    expect(withoutId.tries).toHaveLength(1);
  });
});
