// The administrator's auth state: loading at start, then signed in or
// signed out, following supabase-js's session events. One store per Supabase client, subscribed
// once per page load, so the sign-in page and the blog manager share it across navigations
// without a second "loading" phase.
import {
  onAuthStateChange,
  readAuthRedirect,
  type AuthEvent,
  type AuthSession,
  type AuthUser,
} from '~/data/auth';
import type { AppSupabaseClient } from '~/data/supabase';

export interface AuthState {
  loading: boolean;
  session: AuthSession | null;
  user: AuthUser | null;
  /** The session came from a password-reset link: the visitor is to choose a new password. */
  recovery: boolean;
  /** The session came from an invitation's link: the new member chooses their first password. */
  invited: boolean;
  /** The service's message when an e-mailed link failed (expired or already used). */
  linkError: string | null;
  /** The service's message when a link worked but another is needed (an e-mail change's first). */
  linkMessage: string | null;
}

export const loadingState: AuthState = {
  loading: true,
  session: null,
  user: null,
  recovery: false,
  invited: false,
  linkError: null,
  linkMessage: null,
};

/** The state after one of supabase-js's events. */
export function nextAuthState(state: AuthState, event: AuthEvent, session: AuthSession | null) {
  const signedIn = { loading: false, session, user: session?.user ?? null };
  switch (event) {
    case 'SIGNED_OUT':
      return {
        ...state,
        loading: false,
        session: null,
        user: null,
        recovery: false,
        invited: false,
      };
    case 'PASSWORD_RECOVERY':
      return { ...state, ...signedIn, recovery: true };
    case 'USER_UPDATED':
      // An invited member has chosen their password: the invitation is done.
      return { ...state, ...signedIn, invited: false };
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'MFA_CHALLENGE_VERIFIED':
      return { ...state, ...signedIn };
    default:
      return state;
  }
}

export interface AuthStore {
  getSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
}

const stores = new WeakMap<AppSupabaseClient, AuthStore>();

/**
 * The store of a client, created on first use. Call it in the same task that created the client:
 * supabase-js reads a recovery link's fragment and clears it once it has checked the token, and
 * the store must see that fragment first.
 */
export function authStoreFor(client: AppSupabaseClient): AuthStore {
  let store = stores.get(client);
  if (!store) {
    store = createAuthStore(client, window.location.hash);
    stores.set(client, store);
  }
  return store;
}

export function createAuthStore(client: AppSupabaseClient, hash: string): AuthStore {
  const redirect = readAuthRedirect(hash);
  let state: AuthState = {
    ...loadingState,
    recovery: redirect.recovery,
    invited: redirect.invited,
    linkError: redirect.error,
    linkMessage: redirect.message,
  };
  const listeners = new Set<() => void>();
  onAuthStateChange(client, (event, session) => {
    const next = nextAuthState(state, event, session);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  });
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
