import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes through SMTP when SMTP_URL is set; otherwise each message is written to
 * DATA_DIR/outbox as JSON and logged, so a local administrator can follow a reset link.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(
        options.outboxDir,
        `${stamp}-${Math.random().toString(36).slice(2, 8)}.json`,
      );
      await writeFile(
        file,
        JSON.stringify({ from: options.from, ...mail, sentAt: new Date().toISOString() }, null, 2),
      );
      options.log(`mail to ${mail.to}: "${mail.subject}" written to ${file}\n${mail.text}`);
    },
  };
}
