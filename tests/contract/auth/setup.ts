// What the auth API's contract tests share: the session events a client saw, its session, and a
// raw request to /auth/v1 as auth-js sends it.
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import type { TestBackend } from '#tests/support/backend.ts';

export function recordEvents(client: SupabaseClient): AuthChangeEvent[] {
  const events: AuthChangeEvent[] = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}

export async function sessionOf(client: SupabaseClient) {
  const { data, error } = await client.auth.getSession();
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

/** A raw request to /auth/v1 over the backend's transport, as auth-js sends it unless told otherwise. */
export function authFetch(
  backend: TestBackend,
  pathAndQuery: string,
  init: RequestInit & { modern?: boolean } = {},
): Promise<Response> {
  const { modern = true, ...rest } = init;
  return backend.fetch(`${backend.url}/auth/v1${pathAndQuery}`, {
    ...rest,
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${backend.anonKey}`,
      'Content-Type': 'application/json;charset=UTF-8',
      ...(modern ? { 'X-Supabase-Api-Version': '2024-01-01' } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
}
