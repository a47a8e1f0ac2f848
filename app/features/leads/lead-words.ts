// A lead's facts in the owner's words: a mail's delivery ("Sent …", "Pending (attempt 2 …)"), a
// timeline entry ("Status changed from New to Contacted"), and the mailto: and tel: links of its
// contact details.
import { isLeadStatus } from '~/data/consultations';
import type { LeadMail, LeadMailKind } from '~/data/consultation-mails';
import type { LeadEvent } from '~/data/lead-events';
import { formatAdminDateTime } from '~/i18n/format';
import { leadsCopy as copy } from './copy';

const timeline = copy.timeline;

/**
 * "Sent 23 Nov 2026, 10:00 CET", "Pending (attempt 2, last error: …)", "Failed: …"; times in the
 * agency's zone.
 */
export function describeMail(mail: LeadMail | undefined, timeZone: string): string {
  if (!mail) return copy.mails.missing;
  if (mail.status === 'sent' && mail.sent_at)
    return copy.mails.sent(formatAdminDateTime(mail.sent_at, timeZone));
  if (mail.status === 'failed')
    return mail.last_error ? copy.mails.failedWith(mail.last_error) : copy.mails.failed;
  if (mail.attempts > 0)
    return mail.last_error
      ? copy.mails.pendingRetry(mail.attempts, mail.last_error)
      : copy.mails.pendingAttempt(mail.attempts);
  return copy.mails.pending;
}

/** A timeline entry in words: "Status changed from New to Contacted". */
export function describeLeadEvent(event: LeadEvent, timeZone: string): string {
  const status = (value: string | null) =>
    isLeadStatus(value) ? copy.statuses[value] : (value ?? copy.none);
  const mail = (kind: string | null) =>
    kind && kind in copy.mails.kinds
      ? copy.mails.kinds[kind as LeadMailKind]
      : (kind ?? copy.mails.heading);
  const when = (iso: string | null) => (iso ? formatAdminDateTime(iso, timeZone) : copy.none);
  switch (event.kind) {
    case 'received':
      return timeline.received(event.source);
    case 'status_changed':
      return timeline.statusChanged(status(event.from), status(event.to));
    case 'owner_changed':
      return timeline.ownerChanged(event.fromEmail, event.toEmail);
    case 'notes_changed':
      return event.notes === null ? timeline.notesCleared : timeline.notesChanged;
    case 'mail_queued':
      return timeline.mailQueued(mail(event.mailKind));
    case 'mail_sent':
      return timeline.mailSent(mail(event.mailKind), event.attempts);
    case 'mail_failed':
      return timeline.mailFailed(mail(event.mailKind), event.error);
    case 'meeting_booked':
      return timeline.meetingBooked(when(event.startsAt));
    case 'meeting_moved':
      return timeline.meetingMoved(when(event.startsAt), when(event.previousStartsAt));
    case 'meeting_cancelled':
      return timeline.meetingCancelled(when(event.startsAt));
    case 'meeting_link_changed':
      return timeline.meetingLinkChanged(when(event.startsAt), event.to);
    case 'other':
      return timeline.other(event.name);
  }
}

/** A mailto: link that keeps ?, # and & of an address's local part from acting as URL syntax. */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

/** tel: takes digits and a leading +; spaces, dashes and brackets are only for reading. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replaceAll('+', '') : digits.replaceAll('+', '')}`;
}
