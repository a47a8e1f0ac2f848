import type { ReactNode } from 'react';
import { authCopy } from './copy';

/**
 * The sign-in card's frame: the same heading and lead in every state (server fallback, session
 * loading, each view), so nothing moves when the form takes the spinner's place.
 */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <section className="auth-screen">
      <div className="container auth-screen__inner">
        <div className="auth-card">
          <h1>{authCopy.heading}</h1>
          <p className="auth-card__lead">{authCopy.lead}</p>
          {children}
        </div>
      </div>
    </section>
  );
}

/** While the page hydrates and supabase-js reads the stored session. */
export function AuthCardLoading() {
  return (
    <AuthCard>
      <p className="auth-card__pending" role="status">
        <span className="spinner" aria-hidden="true" />
        {authCopy.loading}
      </p>
    </AuthCard>
  );
}
