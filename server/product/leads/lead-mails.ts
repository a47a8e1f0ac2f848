// The two mails of a lead, built from its row: plain text for every client, and a simple HTML
// part in which everything the visitor typed is escaped.
import type { Mail, MailAddress } from '#server/mail.ts';
import { formatDateTime } from '#shared/date-time.ts';
import type { AgencyDetails } from './agency-details.ts';
import { agencyMailCopy, agencyName, visitorMailCopy, type MailCopy } from './mail-copy.ts';

/** A stored consultation, as the outbox drainer reads it (times as ISO 8601 strings). */
export interface Lead {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  company_name: string;
  problems: string;
  how_found_us: string;
  additional_info: string | null;
  language: string;
  created_at: string;
  received_at: string;
  status: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
  landing_page: string | null;
}

export type LeadMail = Omit<Mail, 'identity'>;

/**
 * Collapses line breaks and other control characters into spaces, for subjects and display
 * names. nodemailer encodes headers anyway; this keeps them readable.
 */
export function oneLine(value: string, max = 150): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Multi-line text as HTML: escaped, line breaks kept. */
function htmlLines(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>');
}

function visitorAddress(lead: Lead): MailAddress {
  return { name: oneLine(lead.name, 200), address: lead.email };
}

function indent(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `  ${line}`)
    .join('\n');
}

function htmlDocument(lang: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1f2937;">
${body}
</body></html>
`;
}

/** The lead's own page, on the public origin when the server knows it. */
export function leadPageUrl(siteUrl: string | undefined, leadId: string): string | undefined {
  return siteUrl ? new URL(`/admin/leads/${encodeURIComponent(leadId)}`, siteUrl).href : undefined;
}

/**
 * The notification to the agency: every field and the attribution; Reply-To the visitor. Its
 * times are in the agency's zone, named ("23 Nov 2026, 10:05 CET"), as the admin shows them.
 */
export function composeAgencyNotification(
  lead: Lead,
  options: { to: string[]; siteUrl?: string; timeZone: string },
): LeadMail {
  const copy = agencyMailCopy;
  const when = (iso: string) => formatDateTime(iso, { language: 'en', timeZone: options.timeZone });
  const language = copy.languages[lead.language] ?? lead.language;
  const fields: Array<[label: string, value: string, multiline?: boolean]> = [
    [copy.fields.name, lead.name],
    [copy.fields.email, lead.email],
    [copy.fields.phone_number, lead.phone_number],
    [copy.fields.company_name, lead.company_name],
    [copy.fields.problems, lead.problems, true],
    [copy.fields.how_found_us, lead.how_found_us],
    [copy.fields.additional_info, lead.additional_info ?? copy.none, true],
    [copy.fields.language, language],
    [copy.fields.received_at, when(lead.received_at)],
    [copy.fields.created_at, when(lead.created_at)],
    [copy.fields.status, lead.status],
  ];
  const attribution: Array<[label: string, value: string]> = (
    Object.keys(copy.attribution) as Array<keyof typeof copy.attribution>
  ).map((key) => [copy.attribution[key], lead[key] ?? copy.none]);
  const link = leadPageUrl(options.siteUrl, lead.id);

  const textRow = ([label, value, multiline]: [string, string, boolean?]) =>
    multiline && /[\r\n]/.test(value) ? `${label}:\n${indent(value)}` : `${label}: ${value}`;
  const text = [
    copy.intro(lead.name, lead.company_name),
    '',
    ...fields.map(textRow),
    '',
    `${copy.attributionHeading}:`,
    ...attribution.map(textRow),
    '',
    copy.replyHint(lead.name),
    link ? `${copy.inboxLink}\n${link}` : copy.inboxWithoutSiteUrl,
    '',
    `${copy.leadId}: ${lead.id}`,
    '',
  ].join('\n');

  const htmlTable = (rows: Array<[string, string, boolean?]>) =>
    `<table cellpadding="4" style="border-collapse: collapse;">\n${rows
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${htmlLines(value)}</td></tr>`,
      )
      .join('\n')}\n</table>`;
  const html = htmlDocument(
    'en',
    [
      `<p>${escapeHtml(copy.intro(lead.name, lead.company_name))}</p>`,
      htmlTable(fields),
      `<h2 style="font-size: 16px;">${escapeHtml(copy.attributionHeading)}</h2>`,
      htmlTable(attribution),
      `<p>${escapeHtml(copy.replyHint(lead.name))}</p>`,
      link
        ? `<p>${escapeHtml(copy.inboxLink)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(copy.inboxWithoutSiteUrl)}</p>`,
      `<p style="color: #6b7280; font-size: 12px;">${escapeHtml(copy.leadId)}: ${escapeHtml(lead.id)}</p>`,
    ].join('\n'),
  );

  return {
    to: options.to,
    replyTo: visitorAddress(lead),
    subject: oneLine(copy.subject(lead.name, lead.company_name)),
    text,
    html,
  };
}

/**
 * The company's details under the signature: the lines that are set, in the mail's
 * language.
 */
function companyLines(agency: AgencyDetails | undefined, copy: MailCopy): string[] {
  if (!agency) return [];
  const address = [
    agency.streetAddress,
    [agency.postalCode, agency.city].filter(Boolean).join(' '),
  ].filter(Boolean);
  return [
    agency.legalName,
    agency.organisationNumber && `${copy.organisationNumber} ${agency.organisationNumber}`,
    address.length > 0 ? address.join(', ') : null,
    agency.phone && `${copy.phone} ${agency.phone}`,
    agency.contactEmail && `${copy.email} ${agency.contactEmail}`,
  ].filter((line): line is string => Boolean(line));
}

/**
 * The confirmation to the visitor, in the form's language, signed with the company's details; a
 * reply goes to the agency's contact address (not to the no-reply sender).
 */
export function composeVisitorConfirmation(lead: Lead, agency?: AgencyDetails): LeadMail {
  const copy = lead.language === 'swedish' ? visitorMailCopy.swedish : visitorMailCopy.english;
  const name = oneLine(lead.name, 200);
  const company = companyLines(agency, copy).map((line) => oneLine(line, 200));
  const text = [
    copy.greeting(name),
    '',
    `${copy.heading} ${copy.lead}`,
    '',
    copy.nextHeading,
    ...copy.steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    copy.closing,
    copy.signature,
    ...company,
    '',
    '--',
    copy.footer,
    '',
  ].join('\n');
  const html = htmlDocument(
    lead.language === 'swedish' ? 'sv' : 'en',
    [
      `<p>${escapeHtml(copy.greeting(name))}</p>`,
      `<p><strong>${escapeHtml(copy.heading)}</strong> ${escapeHtml(copy.lead)}</p>`,
      `<p><strong>${escapeHtml(copy.nextHeading)}</strong></p>`,
      `<ol>\n${copy.steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('\n')}\n</ol>`,
      `<p>${[copy.closing, copy.signature, ...company].map(escapeHtml).join('<br>')}</p>`,
      `<p style="color: #6b7280; font-size: 12px;">${escapeHtml(copy.footer)}</p>`,
    ].join('\n'),
  );
  return {
    to: visitorAddress(lead),
    ...(agency?.contactEmail
      ? { replyTo: { name: agency.legalName ?? agencyName, address: agency.contactEmail } }
      : {}),
    subject: copy.subject,
    text,
    html,
  };
}
