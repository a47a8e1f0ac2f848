import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import type { Mail } from '#server/mail.ts';
import { createAuthApi, type AuthApi } from './api.ts';
import { hashPassword } from './passwords.ts';
import { createEmailUser } from './users.ts';

/** A raw request, so the Host header can be whatever a client chooses to send. */
function send(
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { port, path, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('createAuthApi options', () => {
  let db: Database;
  let server: Server;
  let port: number;
  const mails: Mail[] = [];
  let api: AuthApi;

  beforeAll(async () => {
    db = await openPglite('memory://');
    await migrate(db);
    await createEmailUser(db, 'owner@agency.example', await hashPassword('owner password'));
    api = createAuthApi({
      db,
      jwtSecret: 'a-test-secret-that-is-at-least-32-characters',
      mailer: { send: async (mail) => void mails.push(mail) },
      siteUrl: 'https://agency.example',
      limits: { signInFailuresPerIp: { max: 2, windowSeconds: 60 } },
    });
    server = createServer(
      (req, res) => void api.handle(req, res, new URL(req.url ?? '/', 'http://localhost')),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  it('uses the injected limits', async () => {
    const guess = { email: 'owner@agency.example', password: 'a guess' };
    const path = '/auth/v1/token?grant_type=password';
    expect((await send(port, path, guess)).status).toBe(400);
    expect((await send(port, path, guess)).status).toBe(400);
    const refused = await send(port, path, guess, { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('over_request_rate_limit');
  });

  it('builds e-mailed links on the configured site URL, whatever Host the request claims', async () => {
    const response = await send(
      port,
      `/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example/')}`,
      { email: 'owner@agency.example' },
      { Host: 'evil.example' },
    );
    expect(response.status).toBe(200);
    await api.settled();
    expect(mails).toHaveLength(1);
    const link = new URL(/https?:\/\/\S+/.exec(mails[0]!.text)![0]);
    expect(link.origin).toBe('https://agency.example');
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('redirect_to')).toBe('https://agency.example/');
    const { rows } = await db.query<{ token_hash: string }>(
      'select token_hash from auth.one_time_tokens',
    );
    expect(rows.map((r) => r.token_hash)).not.toContain(link.searchParams.get('token'));
  });
});
