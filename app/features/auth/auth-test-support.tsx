// What the sign-in screens' tests share: a stand-in for supabase-js's auth client whose session
// events the test sends, and the admin's routes (a guarded blog manager and lead page, /login).
import { act, render } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AuthEvent, AuthSession } from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { AuthProvider } from './auth-provider';
import { LoginScreen } from './login-screen';
import { RequireAuth } from './require-auth';

export const session = {
  access_token: 'token',
  refresh_token: 'refresh',
  user: { id: 'u1', email: 'admin@example.com' },
} as unknown as AuthSession;

/** A stand-in for supabase-js's auth client whose session events the test sends. */
export function fakeClient(auth: Record<string, unknown> = {}) {
  let listener: ((event: AuthEvent, session: AuthSession | null) => void) | undefined;
  const client = {
    auth: {
      onAuthStateChange: vi.fn((callback: typeof listener) => {
        listener = callback;
        return { data: { subscription: { unsubscribe: vi.fn() } } };
      }),
      signOut: vi.fn(async () => {
        listener?.('SIGNED_OUT', null);
        return { error: null };
      }),
      ...auth,
    },
  } as unknown as AppSupabaseClient;
  const emit = (event: AuthEvent, current: AuthSession | null) =>
    act(() => listener?.(event, current));
  return { client, emit };
}

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname}
      {location.search}
    </p>
  );
}

export function renderApp(client: AppSupabaseClient, path: string) {
  const Stub = createRoutesStub([
    {
      path: '/admin',
      Component: () => (
        <AuthProvider client={client}>
          <RequireAuth>
            {({ user, signOut }) => (
              <>
                <p>Blog manager for {user.email}</p>
                <button type="button" onClick={() => void signOut({ redirectTo: '/' })}>
                  Sign Out
                </button>
              </>
            )}
          </RequireAuth>
        </AuthProvider>
      ),
    },
    {
      path: '/admin/leads/:id',
      Component: () => (
        <AuthProvider client={client}>
          <RequireAuth>{({ user }) => <p>Lead page for {user.email}</p>}</RequireAuth>
        </AuthProvider>
      ),
    },
    {
      path: '/login',
      Component: () => (
        <AuthProvider client={client}>
          <LoginScreen client={client} />
        </AuthProvider>
      ),
    },
    { path: '*', Component: Where },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
