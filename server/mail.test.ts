import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { createMailer, messageIdFor, toNodemailerMessage } from './mail.ts';

describe('the local outbox (no SMTP_URL)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'leadgen-mail-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  function mailer(log: string[] = []) {
    return createMailer({
      from: 'Nordic Lead Agency <no-reply@localhost>',
      outboxDir: path.join(dir, 'outbox'),
      siteUrl: 'https://agency.example',
      log: (line) => log.push(line),
    });
  }

  it('writes a password-reset mail as JSON and logs its text, so a local administrator can follow the link', async () => {
    const log: string[] = [];
    await mailer(log).send({
      to: 'admin@example.com',
      subject: 'Reset your password',
      text: 'Follow this link: http://localhost/x',
    });
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]+\.json$/);
    const mail = JSON.parse(await readFile(path.join(dir, 'outbox', files[0]!), 'utf8'));
    expect(mail).toMatchObject({
      from: 'Nordic Lead Agency <no-reply@localhost>',
      to: 'admin@example.com',
      subject: 'Reset your password',
      text: 'Follow this link: http://localhost/x',
      sentAt: expect.any(String),
    });
    expect(log.join('\n')).toContain('Follow this link: http://localhost/x');
  });

  it('writes a mail with an identity under one stable name, so a resend replaces it', async () => {
    const log: string[] = [];
    const identity = {
      id: '0b6f3e2a-1111-4222-8333-444455556666',
      queuedAt: new Date('2026-11-23T09:05:02.123Z'),
    };
    const send = (text: string) =>
      mailer(log).send({
        to: [{ name: 'Erik Lund', address: 'erik@lundbygg.se' }],
        replyTo: { name: 'Agency', address: 'leads@agency.example' },
        subject: 'Thank you',
        text,
        html: '<p>Thank you</p>',
        identity,
      });
    await send('first');
    await send('second');
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toEqual([`2026-11-23T09-05-02-123Z-${identity.id}.json`]);
    const mail = JSON.parse(await readFile(path.join(dir, 'outbox', files[0]!), 'utf8'));
    expect(mail).toMatchObject({
      to: [{ name: 'Erik Lund', address: 'erik@lundbygg.se' }],
      replyTo: { name: 'Agency', address: 'leads@agency.example' },
      text: 'second',
      html: '<p>Thank you</p>',
      messageId: `<${identity.id}@agency.example>`,
    });
    // A visitor's personal data stays out of the log (its sender logs a summary).
    expect(log).toEqual([]);
  });

  it('makes the outbox again when it was removed while the server ran', async () => {
    const send = mailer();
    await send.send({ to: 'a@example.com', subject: 'One', text: 'one' });
    await rm(path.join(dir, 'outbox'), { recursive: true });
    await send.send({ to: 'a@example.com', subject: 'Two', text: 'two' });
    expect(await readdir(path.join(dir, 'outbox'))).toHaveLength(1);
  });
});

describe('messageIdFor', () => {
  it('uses the host of SITE_URL, or localhost', () => {
    expect(messageIdFor('abc', 'https://www.agency.example:8443/x')).toBe(
      '<abc@www.agency.example>',
    );
    expect(messageIdFor('abc', undefined)).toBe('<abc@localhost>');
  });
});

describe('a mail with a calendar invitation', () => {
  it('carries it as text/calendar with its method, which mail clients show as an invitation', async () => {
    const content =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:m@agency.example\r\n' +
      'END:VEVENT\r\nEND:VCALENDAR\r\n';
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail(
      toNodemailerMessage(
        {
          to: 'erik@lundbygg.se',
          subject: 'Your call',
          text: 'See you then.',
          html: '<p>See you then.</p>',
          calendar: { method: 'REQUEST', content },
        },
        { from: 'Nordic Lead Agency <no-reply@agency.example>' },
      ),
    );
    const raw = (info.message as Buffer).toString('utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST$/m);
    expect(raw).toMatch(/^Content-Type: application\/ics; name=invite\.ics$/m);
    expect(raw).toContain('UID:m@agency.example');
  });
});
