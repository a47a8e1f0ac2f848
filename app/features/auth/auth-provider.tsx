// Hands the auth state (user, session, loading) and a sign-out action to the administrator's
// screens. Tokens refresh on their own: supabase-js's autoRefreshToken stays on.
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { signOut as endSession } from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';
import { authStoreFor, loadingState, type AuthState } from './auth-state';

export interface Auth extends AuthState {
  /**
   * Ends the session; throws the service's error if it could not. With `redirectTo`, the guard
   * sends the visitor there once signed out, instead of to /login.
   */
  signOut(options?: { redirectTo?: string }): Promise<void>;
  /** Where a sign-out asked to go, while it is under way or done. */
  afterSignOut: string | null;
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({
  client,
  children,
}: {
  client: AppSupabaseClient;
  children: ReactNode;
}) {
  const store = authStoreFor(client);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, () => loadingState);
  const [afterSignOut, setAfterSignOut] = useState<string | null>(null);
  const signOut = useCallback(
    async ({ redirectTo }: { redirectTo?: string } = {}) => {
      // Set before the SIGNED_OUT event, so the guard never sees a signed-out visitor without it.
      setAfterSignOut(redirectTo ?? null);
      try {
        await endSession(client);
      } catch (error) {
        setAfterSignOut(null);
        throw error;
      }
    },
    [client],
  );
  const auth = useMemo(() => ({ ...state, signOut, afterSignOut }), [state, signOut, afterSignOut]);
  return <AuthContext value={auth}>{children}</AuthContext>;
}

export function useAuth(): Auth {
  const auth = use(AuthContext);
  if (!auth) throw new Error('useAuth needs an <AuthProvider> above it.');
  return auth;
}
