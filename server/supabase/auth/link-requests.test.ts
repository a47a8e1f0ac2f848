import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import { createAuthApi, type AuthApi } from './api.ts';
import { hashPassword } from './passwords.ts';
import { createEmailUser } from './users.ts';

/** What happened, in order: each statement the auth API ran, each answer and each mail. */
let events: string[] = [];

function post(port: number, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { port, path, method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('asking for a recovery or sign-in link', () => {
  let db: Database;
  let server: Server;
  let port: number;
  let api: AuthApi;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
    const hash = await hashPassword('member password');
    for (const email of ['recover-member@agency.example', 'otp-member@agency.example']) {
      await createEmailUser(db, email, hash);
    }
    const recorded: Database = {
      ...db,
      query: (sql, params) => {
        events.push(`sql: ${sql.replace(/\s+/g, ' ').trim()}`);
        return db.query(sql, params);
      },
    };
    api = createAuthApi({
      db: recorded,
      jwtSecret: 'a-test-secret-that-is-at-least-32-characters',
      mailer: { send: async (mail) => void events.push(`mail to ${String(mail.to)}`) },
      siteUrl: 'https://agency.example',
    });
    server = createServer((req, res) => {
      const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
      res.end = ((...args: unknown[]) => {
        events.push(`answer ${res.statusCode}`);
        return end(...args);
      }) as typeof res.end;
      void api.handle(req, res, new URL(req.url ?? '/', 'http://localhost'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  /** The events of one request and the work it left for after its answer. */
  async function eventsOf(path: string, email: string): Promise<string[]> {
    events = [];
    expect(await post(port, `/auth/v1${path}`, { email })).toBe(200);
    await api.settled();
    return events;
  }

  it.each(['recover', 'otp'])(
    'runs the same statements before /%s answers for a member as for a stranger, and mails after',
    async (endpoint) => {
      const member = await eventsOf(`/${endpoint}`, `${endpoint}-member@agency.example`);
      const stranger = await eventsOf(`/${endpoint}`, `${endpoint}-stranger@agency.example`);

      const answered = stranger.indexOf('answer 200');
      expect(answered).toBe(stranger.length - 1);
      expect(member.slice(0, answered + 1)).toEqual(stranger);
      const afterAnswer = member.slice(answered + 1);
      expect(afterAnswer.some((event) => event.includes('insert into auth.one_time_tokens'))).toBe(
        true,
      );
      expect(afterAnswer.at(-1)).toBe(`mail to ${endpoint}-member@agency.example`);
    },
  );
});
