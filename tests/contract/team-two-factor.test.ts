// Two-factor recovery on both databases: a member keeps a second authenticator app as a backup;
// an administrator at aal2 resets another member's apps through the team endpoint (GoTrue's
// admin MFA API, the member told by mail, the team's history saying who and when); and the
// server's command does the same for the last administrator, on the embedded database and on
// DATABASE_URL.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '#server/supabase/auth/mfa/totp.ts';
import { mailsTo, waitForMails } from '#tests/support/auth-mail.ts';
import {
  ADMIN_EMAIL,
  MEMBER_PASSWORD,
  backendKinds,
  startTestBackend,
  type TestBackend,
} from '#tests/support/backend.ts';

const run = promisify(execFile);
const REMOVED = 'A two-factor sign-in method was removed from your account';

/** Enrolls and verifies a TOTP app named `name`; returns its id and a code maker. */
async function addApp(client: SupabaseClient, name: string) {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
  if (error) throw error;
  let step = timeStep(Date.now());
  const code = () => totpCode(data.totp.secret, step++);
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: data.id, code: code() });
  if (verified.error) throw verified.error;
  return { id: data.id, code };
}

describe.each(backendKinds)('two-factor recovery on %s', (kind) => {
  let backend: TestBackend;

  async function callTeam(client: SupabaseClient, method: string, body?: unknown) {
    const token = (await client.auth.getSession()).data.session?.access_token;
    const response = await fetch(`${backend.url}/admin/api/team`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const userIdOf = async (email: string) =>
    (await backend.db.query<{ id: string }>('select id from auth.users where email = $1', [email]))
      .rows[0]!.id;

  beforeAll(async () => {
    backend = await startTestBackend(kind, {}, { site: true });
  });
  afterAll(async () => backend?.close());

  it('lets a member keep a backup app, each named, and remove one at aal2', async () => {
    const member = await backend.signedInMember('careful@example.com', 'editor');
    const phone = await addApp(member, 'Phone');
    const backup = await addApp(member, 'Backup tablet');
    const { data } = await member.auth.mfa.listFactors();
    expect(data!.totp.map((factor) => factor.friendly_name)).toEqual(['Phone', 'Backup tablet']);

    // Signed in again, the backup's code alone confirms the session.
    const later = backend.client();
    await later.auth.signInWithPassword({
      email: 'careful@example.com',
      password: MEMBER_PASSWORD,
    });
    expect((await later.auth.mfa.unenroll({ factorId: phone.id })).error?.code).toBe(
      'insufficient_aal',
    );
    expect(
      (await later.auth.mfa.challengeAndVerify({ factorId: backup.id, code: backup.code() })).error,
    ).toBeNull();
    expect((await later.auth.mfa.unenroll({ factorId: phone.id })).error).toBeNull();
    const [mail] = await waitForMails(backend, 'careful@example.com');
    expect(mail!.subject).toBe(REMOVED);
    expect(mail!.text).toContain('"Phone"');
  });

  it('lets an administrator at aal2 reset another member’s apps, recorded and mailed', async () => {
    const lost = 'lost-phone@example.com';
    const member = await backend.signedInMember(lost, 'editor');
    await addApp(member, 'Old phone');
    const memberId = await userIdOf(lost);

    // An administrator without a second factor of their own cannot.
    const plainAdmin = await backend.signedIn();
    expect(await callTeam(plainAdmin, 'POST', { resetTwoFactor: memberId })).toEqual({
      status: 403,
      body: {
        error:
          "Set up two-factor sign-in for yourself and sign in with it before resetting another member's.",
      },
    });

    const admin = await backend.signedInMember('second-admin@example.com', 'admin');
    await addApp(admin, 'Admin phone');
    expect(await callTeam(admin, 'POST', { resetTwoFactor: memberId })).toEqual({
      status: 200,
      body: { removed: 1 },
    });
    const { rows } = await backend.db.query('select 1 from auth.mfa_factors where user_id = $1', [
      memberId,
    ]);
    expect(rows).toEqual([]);
    const [mail] = await waitForMails(backend, lost);
    expect(mail!.subject).toBe(REMOVED);
    expect(mail!.text).toContain('by an administrator of your team');

    const { body } = await callTeam(admin, 'GET');
    expect((body.history as Array<Record<string, unknown>>)[0]).toMatchObject({
      kind: 'two_factor_reset',
      actorEmail: 'second-admin@example.com',
      memberEmail: lost,
      detail: '1',
      at: expect.any(String),
    });
    // An editor reads no history through the data API.
    const { data: seen } = await member.from('team_events').select('id');
    expect(seen).toEqual([]);
  });

  it('resets the last administrator from the server’s command', async () => {
    const admin = await backend.signedIn();
    await addApp(admin, 'Owner phone');
    const env = {
      ...process.env,
      DATA_DIR: backend.dataDir,
      ...(backend.databaseUrl
        ? { DATABASE_URL: backend.databaseUrl }
        : { EMBEDDED_DATABASE: 'pglite' }),
    };
    // The embedded database belongs to one process: the server stops first.
    if (!backend.databaseUrl) {
      await backend.server.close();
      // Closed here already: the file's afterAll then only removes the database and directory.
      backend.server.close = async () => {};
    }
    const command = ['scripts/reset-two-factor.ts', ADMIN_EMAIL.toUpperCase()];
    const first = await run(process.execPath, command, { env });
    expect(first.stdout).toContain(`Removed 1 authenticator app from ${ADMIN_EMAIL}`);
    const again = await run(process.execPath, command, { env });
    expect(again.stdout).toContain('has no authenticator app');
    expect((await mailsTo(backend, ADMIN_EMAIL)).map((mail) => mail.subject)).toContain(REMOVED);
    await expect(
      run(process.execPath, ['scripts/reset-two-factor.ts', 'nobody@example.com'], { env }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account has the address'),
    });
  });
});
