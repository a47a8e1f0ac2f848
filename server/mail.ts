import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** An address with a display name; nodemailer encodes the name, so it cannot break a header. */
export interface MailAddress {
  name: string;
  address: string;
}

export interface Mail {
  to: string | MailAddress | Array<string | MailAddress>;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string | MailAddress;
  /**
   * An iCalendar invitation, sent as the text/calendar alternative with its method, so
   * mail clients offer to accept or decline it, and as an invite.ics attachment for the others.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /**
   * Set for a mail that may be sent more than once (an outbox row retried after a crash): the
   * SMTP Message-ID is built from `id`, and the local outbox file is named after `id` and
   * `queuedAt`, so a resend replaces the file instead of adding a second one.
   */
  identity?: { id: string; queuedAt: Date };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** The public origin; its host names the Message-IDs (localhost when unset). */
  siteUrl?: string;
  log: (line: string) => void;
}

// nodemailer waits minutes by default; an outbox claim must outlive a send (see server/product/leads).
const SMTP_TIMEOUTS = {
  connectionTimeout: 20_000,
  greetingTimeout: 20_000,
  socketTimeout: 60_000,
} satisfies SMTPTransport.Options;

/** `<id@host>`: the same id always gives the same Message-ID, which lets receivers spot a resend. */
export function messageIdFor(id: string, siteUrl: string | undefined): string {
  const host = siteUrl ? new URL(siteUrl).hostname : 'localhost';
  return `<${id}@${host}>`;
}

/** The message as nodemailer takes it; exported so tests can render the raw headers. */
export function toNodemailerMessage(
  mail: Mail,
  options: Pick<MailerOptions, 'from' | 'siteUrl'>,
): SendMailOptions {
  return {
    from: options.from,
    to: mail.to,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.calendar
      ? {
          icalEvent: {
            method: mail.calendar.method,
            content: mail.calendar.content,
            filename: 'invite.ics',
          },
        }
      : {}),
    ...(mail.identity ? { messageId: messageIdFor(mail.identity.id, options.siteUrl) } : {}),
  };
}

/** A file name that sorts by time like the others in the outbox, and is stable for one identity. */
function outboxFileName(mail: Mail): string {
  const stamp = (mail.identity?.queuedAt ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const suffix = mail.identity?.id ?? randomBytes(4).toString('hex');
  return `${stamp}-${suffix}.json`;
}

/**
 * Written whole or not at all: a reader (or a restart after kill -9) never sees half a mail. No
 * fsync: a killed process leaves what it wrote in the OS's cache, and only a power cut could lose
 * it, which the local outbox (development's stand-in for SMTP) shares with PGlite itself (it runs
 * with fsync off). An fsync per mail was most of delivery's cost under load.
 */
async function writeFileAtomically(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function describeRecipients(to: Mail['to']): string {
  return (Array.isArray(to) ? to : [to])
    .map((entry) => (typeof entry === 'string' ? entry : entry.address))
    .join(', ');
}

/**
 * Mail goes through SMTP when SMTP_URL is set; otherwise each message is written to
 * DATA_DIR/outbox as JSON and logged, so a local administrator can follow a reset link.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // Settings in the URL's query (?socketTimeout=…) win over these defaults.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(mail) {
        const info = await transport.sendMail(toNodemailerMessage(mail, options));
        // Some recipients refused, others took it: the mail counts as sent; say who missed it.
        if (info.rejected.length) {
          const which = mail.identity ? mail.identity.id : `"${mail.subject}"`;
          options.log(`mail ${which}: the mail server refused ${info.rejected.join(', ')}`);
        }
      },
    };
  }
  // Made once, not a thread-pool round trip for every mail; made again if it has gone.
  let outboxReady: Promise<unknown> | undefined;
  const ensureOutbox = () =>
    (outboxReady ??= mkdir(options.outboxDir, { recursive: true }).catch((error: unknown) => {
      outboxReady = undefined;
      throw error;
    }));
  return {
    async send(mail) {
      await ensureOutbox();
      const file = path.join(options.outboxDir, outboxFileName(mail));
      const message = toNodemailerMessage(mail, options);
      const content = JSON.stringify({ ...message, sentAt: new Date().toISOString() }, null, 2);
      try {
        await writeFileAtomically(file, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        outboxReady = undefined; // someone removed the directory while the server ran
        await ensureOutbox();
        await writeFileAtomically(file, content);
      }
      // A mail with an identity (an outbox row) may carry a visitor's personal data, and comes by
      // the hundred in a burst: its sender logs a summary (a log is kept longer than the files,
      // which retention deletes, and a line per mail to a piped stdout, synchronous on Linux, was
      // most of the server's time under load). A password reset's link is what a local
      // administrator looks for: it is logged whole.
      if (!mail.identity) {
        options.log(
          `mail to ${describeRecipients(mail.to)}: "${mail.subject}" written to ${file}\n${mail.text}`,
        );
      }
    },
  };
}
