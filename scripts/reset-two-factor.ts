// npm run reset-two-factor -- owner@example.com: lets an administrator who lost their
// authenticator app back in (docs/operations.md). Reads the same settings as the server
// (DATA_DIR, EMBEDDED_DATABASE, DATABASE_URL, SMTP_URL); the embedded database belongs to one
// process, so stop the server first unless DATABASE_URL is set.
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/database.ts';
import { createMailer } from '#server/mail.ts';
import { ResetRefused, resetTwoFactorByEmail } from '#server/product/team/reset-two-factor.ts';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run reset-two-factor -- <the account’s e-mail address>');
  process.exit(2);
}

const config = loadConfig();
const log = (line: string) => console.log(line);
const { db, release } = await openDatabase(config, log);
try {
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(config.dataDir, 'outbox'),
    siteUrl: config.SITE_URL,
    log,
  });
  const { email: address, removed } = await resetTwoFactorByEmail(db, email, mailer);
  console.log(
    removed.length
      ? `Removed ${removed.length} authenticator app${removed.length === 1 ? '' : 's'} from ` +
          `${address}: they sign in with their password alone and set up a new app on their ` +
          'Account page. They have been told by mail.'
      : `${address} has no authenticator app: they sign in with their password alone already.`,
  );
} catch (error) {
  if (!(error instanceof ResetRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.close();
  release();
}
