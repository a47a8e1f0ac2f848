import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database, Queryable } from '../db/types.ts';
import { GENERATED_ADMIN_EMAIL, ensureAdmin } from './admin.ts';
import { verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { findUserByEmail } from './users.ts';

describe('ensureAdmin', () => {
  let db: Database;
  let lines: string[];
  let granted: string[];
  const log = (line: string) => lines.push(line);
  // The product's part, recorded: which users were made administrators, and that it ran inside
  // the transaction that created or found them.
  const grantAdmin = async (tx: Queryable, userId: string) => {
    const { rows } = await tx.query('select 1 from auth.users where id = $1', [userId]);
    if (rows.length === 1) granted.push(userId);
  };
  /** ADMIN_EMAIL and ADMIN_PASSWORD set. */
  const configured = (password: string) => ({
    email: 'boss@example.com',
    password,
    log,
    grantAdmin,
  });
  beforeEach(async () => {
    lines = [];
    granted = [];
    db = await openPglite('memory://');
    await migrate(db);
  });
  afterEach(async () => db?.close());

  it('creates an administrator with a random password on an empty database, and says so once', async () => {
    await ensureAdmin(db, { log, grantAdmin });
    expect(lines).toHaveLength(1);
    const password = /password: (\S+)/.exec(lines[0]!)?.[1];
    expect(lines[0]).toContain(GENERATED_ADMIN_EMAIL);
    expect(lines[0]).toContain('shown once');
    expect(password?.length).toBeGreaterThanOrEqual(20);
    const admin = await findUserByEmail(db, GENERATED_ADMIN_EMAIL);
    expect(await verifyPassword(password!, admin?.passwordHash)).toBe(true);
    expect(admin?.emailConfirmed).toBe(true);
    expect(admin?.user.identities.map((i) => i.provider)).toEqual(['email']);

    await ensureAdmin(db, { log, grantAdmin });
    expect(lines).toHaveLength(1);
    const { rows } = await db.query('select id from auth.users');
    expect(rows).toHaveLength(1);
  });

  it('creates the configured administrator, confirmed, with an email identity', async () => {
    await ensureAdmin(db, {
      email: 'Boss@Example.com',
      password: 'first password',
      log,
      grantAdmin,
    });
    const admin = await findUserByEmail(db, 'boss@example.com');
    expect(admin?.user.email).toBe('boss@example.com');
    expect(admin?.emailConfirmed).toBe(true);
    expect(admin?.user.identities[0]).toMatchObject({ provider: 'email', id: admin?.user.id });
    expect(admin?.user.user_metadata).toMatchObject({ sub: admin?.user.id, email_verified: true });
    expect(await verifyPassword('first password', admin?.passwordHash)).toBe(true);
  });

  it('sets a changed password on the existing administrator and ends its sessions', async () => {
    await ensureAdmin(db, configured('first password'));
    const admin = await findUserByEmail(db, 'boss@example.com');
    await db.transaction((tx) => createSession(tx, { userId: admin!.user.id, method: 'password' }));

    await ensureAdmin(db, configured('first password'));
    expect((await db.query('select 1 from auth.sessions')).rows).toHaveLength(1);

    await ensureAdmin(db, configured('second password'));
    const updated = await findUserByEmail(db, 'boss@example.com');
    expect(updated?.user.id).toBe(admin?.user.id);
    expect(await verifyPassword('second password', updated?.passwordHash)).toBe(true);
    expect((await db.query('select 1 from auth.sessions')).rows).toHaveLength(0);
    expect((await db.query('select 1 from auth.identities')).rows).toHaveLength(1);
  });

  it('hands the generated and the configured administrator to the product to make admin, at every start', async () => {
    await ensureAdmin(db, { log, grantAdmin });
    const generated = await findUserByEmail(db, GENERATED_ADMIN_EMAIL);
    expect(granted).toEqual([generated!.user.id]);

    granted = [];
    await ensureAdmin(db, configured('first password'));
    const boss = await findUserByEmail(db, 'boss@example.com');
    await ensureAdmin(db, configured('first password'));
    expect(granted).toEqual([boss!.user.id, boss!.user.id]);
  });

  it('does nothing without configuration when a user exists', async () => {
    await ensureAdmin(db, configured('first password'));
    lines = [];
    await ensureAdmin(db, { log, grantAdmin });
    expect(lines).toEqual([]);
    expect((await db.query('select 1 from auth.users')).rows).toHaveLength(1);
  });

  it('refuses an administrator password bcrypt cannot store', async () => {
    await expect(ensureAdmin(db, configured('x'.repeat(80)))).rejects.toThrow(/ADMIN_PASSWORD/);
  });
});
