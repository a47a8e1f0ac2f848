// E-mailed links (recovery, sign-in, invitation, e-mail change): the same checks, throttle and
// mail path for all.
import { clientIp } from '#server/http.ts';
import {
  issueLinkToken,
  lifetimeInWords,
  LINK_TTL_SECONDS,
  safeRedirect,
  type LinkKind,
} from './links.ts';
import { PREFIX, type AuthContext, type AuthRequest } from './context.ts';
import { AuthError, rateLimited } from './errors.ts';
import { originOf } from './trusted-origins.ts';
import { findUserById, type UserRecord } from './users.ts';

const retryAfter = (seconds: number) => ({
  headers: { 'Retry-After': String(Math.max(1, seconds)) },
});

/** One mail per address per window, counted whether or not the address has an account. */
export async function throttleMail(ctx: AuthContext, email: string): Promise<void> {
  const result = await ctx.throttle.hit(`mail:${email}`, ctx.limits.emailsPerAddress);
  if (!result.allowed) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${result.retryAfter} seconds.`,
      retryAfter(result.retryAfter),
    );
  }
}

/**
 * The limits on asking for a recovery or sign-in link, all counted by what was asked, never by
 * whether the address has an account: the client's address (every request), the address asked
 * for (one a minute), then the whole site (GoTrue's e-mails per hour). A request refused by the
 * first two does not use up the site's allowance.
 */
export async function throttleLinkRequest(
  ctx: AuthContext,
  request: AuthRequest,
  email: string,
): Promise<void> {
  const byIp = await ctx.throttle.hit(
    `link-request:ip:${clientIp(request.req)}`,
    ctx.limits.linkRequestsPerIp,
  );
  if (!byIp.allowed) throw rateLimited(byIp.retryAfter);
  await throttleMail(ctx, email);
  await throttleSiteMail(ctx);
}

/** The whole site's mails per hour (GoTrue's RATE_LIMIT_EMAIL_SENT): links and invitations. */
export async function throttleSiteMail(ctx: AuthContext): Promise<void> {
  const bySite = await ctx.throttle.hit('link-request:site', ctx.limits.emailsSent);
  if (!bySite.allowed) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      'Email rate limit exceeded',
      retryAfter(bySite.retryAfter),
    );
  }
}

/**
 * The origin a mailed link points at: SITE_URL; else the site the request says it comes from
 * (its redirect_to, which the site's own server passes when it calls from inside), else the
 * address the request was sent to, each only when it is trusted (trusted-origins.ts). The Host
 * header and redirect_to are the client's to choose: believed on a public address they would let
 * anyone have the administrator mailed a real reset link that points at their own site.
 */
export function mailedLinkOrigin(ctx: AuthContext, request: AuthRequest): string {
  if (ctx.configuredSite) return ctx.configuredSite.origin;
  const asked = originOf(request.url.searchParams.get('redirect_to'));
  if (asked && ctx.trustsOrigin(asked)) return asked;
  if (ctx.trustsOrigin(request.origin)) return request.origin;
  throw new AuthError(
    500,
    'unexpected_failure',
    `E-mail links cannot point at ${new URL(request.origin).host}: set SITE_URL to the public ` +
      "address of the site, or list it in config.toml's additional_redirect_urls.",
  );
}

/** Checked before any account is looked up, so the answer never depends on whether one exists. */
export function assertLinksCanBeMailed(ctx: AuthContext, request: AuthRequest): void {
  mailedLinkOrigin(ctx, request);
}

const WITHIN = `The link works once, within ${lifetimeInWords(LINK_TTL_SECONDS)}.`;
const EXPIRY = `${WITHIN} If you did not ask for it, ignore this message.`;

/** A metadata string an invitation carries (GoTrue's templates read `.Data`), kept short. */
function dataText(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\p{Cc}+/gu, ' ').trim();
  return text ? text.slice(0, 100) : undefined;
}

/**
 * An invitation's subject: who invited whom to what, from the metadata the inviting site passes
 * (`invited_by`, `site_name`), as config.toml's invite template words it for a hosted project.
 */
export function invitationSubject(data: Record<string, unknown>): string {
  const inviter = dataText(data, 'invited_by');
  const site = dataText(data, 'site_name');
  if (inviter && site) return `${inviter} invited you to ${site}'s website`;
  if (site) return `You have been invited to ${site}'s website`;
  if (inviter) return `${inviter} invited you to join their team`;
  return 'You have been invited';
}

type MailOf = (
  link: string,
  site: string,
  data: Record<string, unknown>,
) => { subject: string; text: string };

const MAILS: Record<LinkKind, MailOf> = {
  recovery: (link) => ({
    subject: 'Reset your password',
    text: `Follow this link to choose a new password:\n\n${link}\n\n${EXPIRY}\n`,
  }),
  magiclink: (link) => ({
    subject: 'Your sign-in link',
    text: `Follow this link to sign in:\n\n${link}\n\n${EXPIRY}\n`,
  }),
  invite: (link, site, data) => ({
    subject: invitationSubject(data),
    text:
      `You have been invited to join the team at ${site}. Follow this link to accept the ` +
      `invitation and choose a password:\n\n${link}\n\n${WITHIN} If it has passed, ask for ` +
      'a new invitation.\n',
  }),
};

/** `{site}/auth/v1/verify?token=…&type=…&redirect_to=…`, redirect_to kept on the site. */
function verifyLinkUrl(site: string, request: AuthRequest, token: string, type: string): string {
  const link = new URL(`${PREFIX}/verify`, site);
  link.searchParams.set('token', token);
  link.searchParams.set('type', type);
  link.searchParams.set(
    'redirect_to',
    safeRedirect(request.url.searchParams.get('redirect_to'), `${site}/`),
  );
  return link.href;
}

async function deliver(
  ctx: AuthContext,
  to: string,
  mail: { subject: string; text: string },
  type: string,
): Promise<void> {
  try {
    await ctx.mailer.send({ to, ...mail });
  } catch (error) {
    throw new AuthError(
      500,
      'unexpected_failure',
      `Error sending ${type} email: ${(error as Error).message}`,
    );
  }
}

/** Mails a fresh link of `kind` to the user's address. */
export async function sendLink(
  ctx: AuthContext,
  request: AuthRequest,
  record: UserRecord,
  kind: LinkKind,
): Promise<void> {
  const site = mailedLinkOrigin(ctx, request);
  const linkToken = await issueLinkToken(ctx.db, record.user.id, record.user.email, kind);
  const link = verifyLinkUrl(site, request, linkToken, kind);
  const data = record.user.user_metadata as Record<string, unknown>;
  await deliver(ctx, record.user.email, MAILS[kind](link, site, data), kind);
}

/**
 * Mails user `userId` a fresh link of `kind` once the answer has gone out, if the account is
 * still there and not banned: the request path never stores the token nor talks to the mail
 * server, so a member's answer takes as long as a stranger's.
 */
export function sendLinkAfterAnswer(
  ctx: AuthContext,
  request: AuthRequest,
  userId: string,
  kind: LinkKind,
): void {
  ctx.afterAnswer.add(`The ${kind} mail`, async () => {
    const record = await findUserById(ctx.db, userId);
    if (record && !record.banned) await sendLink(ctx, request, record, kind);
  });
}

const BOTH_LINKS = 'The address changes once both links have been opened.';

/**
 * The two mails of a secure e-mail change: one to the new address, one to the current, each with
 * its own link (type=email_change); the address changes once both are opened.
 */
export async function sendEmailChangeLinks(
  ctx: AuthContext,
  request: AuthRequest,
  change: { current: string; next: string; currentToken: string; nextToken: string },
): Promise<void> {
  const site = mailedLinkOrigin(ctx, request);
  const toNext = verifyLinkUrl(site, request, change.nextToken, 'email_change');
  const toCurrent = verifyLinkUrl(site, request, change.currentToken, 'email_change');
  await deliver(
    ctx,
    change.next,
    {
      subject: 'Confirm your new e-mail address',
      text:
        `Follow this link to confirm ${change.next} as the new address of your account at ` +
        `${site}:\n\n${toNext}\n\n${BOTH_LINKS} A second link went to ${change.current}.\n\n` +
        `${EXPIRY}\n`,
    },
    'email_change',
  );
  await deliver(
    ctx,
    change.current,
    {
      subject: 'Confirm the change of your e-mail address',
      text:
        `Someone signed in to your account at ${site} asked to change its address from ` +
        `${change.current} to ${change.next}. Follow this link to confirm the change:\n\n` +
        `${toCurrent}\n\n${BOTH_LINKS} A second link went to ${change.next}.\n\n` +
        `${WITHIN} If you did not ask for this, do not open it, ` +
        'and change your password: your address stays as it is.\n',
    },
    'email_change',
  );
}
