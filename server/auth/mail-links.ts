// E-mailed links (recovery, sign-in, invitation): the same checks, throttle and mail path for all.
import { issueLinkToken, isLoopbackOrigin, safeRedirect, type LinkKind } from './links.ts';
import { PREFIX, type AuthContext, type AuthRequest } from './context.ts';
import { AuthError } from './errors.ts';
import type { UserRecord } from './users.ts';

/** One mail per address per window, counted whether or not the address has an account. */
export async function throttleMail(ctx: AuthContext, email: string): Promise<void> {
  const result = await ctx.throttle.hit(`mail:${email}`, ctx.limits.emailsPerAddress);
  if (!result.allowed) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${result.retryAfter} seconds.`,
      { headers: { 'Retry-After': String(Math.max(1, result.retryAfter)) } },
    );
  }
}

/**
 * Checked before any account is looked up, so the answer never depends on whether one exists.
 * The Host header is the client's to choose: trusting it on a public address would let anyone
 * have the administrator mailed a real reset link that points at their own site.
 */
export function assertLinksCanBeMailed(ctx: AuthContext, request: AuthRequest): void {
  if (!ctx.configuredSite && !isLoopbackOrigin(request.origin)) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'E-mail links need SITE_URL: set it to the public address of the site.',
    );
  }
}

const EXPIRY =
  'The link works once, within one hour. If you did not ask for it, ignore this message.';

const MAILS: Record<LinkKind, (link: string, site: string) => { subject: string; text: string }> = {
  recovery: (link) => ({
    subject: 'Reset your password',
    text: `Follow this link to choose a new password:\n\n${link}\n\n${EXPIRY}\n`,
  }),
  magiclink: (link) => ({
    subject: 'Your sign-in link',
    text: `Follow this link to sign in:\n\n${link}\n\n${EXPIRY}\n`,
  }),
  invite: (link, site) => ({
    subject: 'You have been invited',
    text:
      `You have been invited to join the team at ${site}. Follow this link to accept the ` +
      `invitation and choose a password:\n\n${link}\n\nThe link works once, within one hour.\n`,
  }),
};

/** Mails `{site}/auth/v1/verify?token=…&type=<kind>&redirect_to=…` (redirect_to kept on the site). */
export async function sendLink(
  ctx: AuthContext,
  request: AuthRequest,
  record: UserRecord,
  kind: LinkKind,
): Promise<void> {
  const linkToken = await issueLinkToken(ctx.db, record.user.id, record.user.email, kind);
  const link = new URL(`${PREFIX}/verify`, request.origin);
  link.searchParams.set('token', linkToken);
  link.searchParams.set('type', kind);
  link.searchParams.set(
    'redirect_to',
    safeRedirect(request.url.searchParams.get('redirect_to'), request.siteUrl),
  );
  try {
    await ctx.mailer.send({ to: record.user.email, ...MAILS[kind](link.href, request.origin) });
  } catch (error) {
    throw new AuthError(
      500,
      'unexpected_failure',
      `Error sending ${kind} email: ${(error as Error).message}`,
    );
  }
}
