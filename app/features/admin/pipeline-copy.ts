// The pipeline's texts: the compact list of leads, the lead's own page and its
// timeline. English only like the rest of the admin pages; the inbox's older texts (statuses,
// fields, mails, CSV, GDPR) stay in copy.ts's `leads`.
import type { LeadSortKey } from '~/data/consultations';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const pipelineCopy = {
  list: {
    caption: 'Leads, newest first unless sorted otherwise',
    columns: {
      name: 'Name',
      company_name: 'Company',
      source: 'Source',
      status: 'Status',
      owner: 'Owner',
      received_at: 'Received',
      // The lead's active meeting that has not ended (the booking's).
      nextMeeting: 'Next meeting',
    } satisfies Record<LeadSortKey | 'name' | 'owner' | 'nextMeeting', string>,
    sortBy: (column: string, ascending: boolean) =>
      `Sort by ${column.toLowerCase()}, ${ascending ? 'A to Z / oldest first' : 'Z to A / newest first'}`,
    open: (name: string) => `Open the lead from ${name}`,
    unassigned: 'Unassigned',
    formerOwner: 'Former administrator',
    noMeeting: 'No meeting',
    overdue: 'Over 24 h without contact',
    page: (page: number, pages: number) =>
      `Page ${page.toLocaleString('en-US')} of ${pages.toLocaleString('en-US')}`,
    previous: 'Previous page',
    next: 'Next page',
    pagination: 'Pages of leads',
    showing: (first: number, last: number, total: number) =>
      `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${plural(total, 'lead', 'leads')}`,
    overdueCount: (count: number) => `${plural(count, 'lead', 'leads')} waiting over 24 hours`,
  },
  filters: {
    owner: 'Owner',
    anyOwner: 'Anyone',
    mine: 'Mine',
    unassigned: 'Unassigned',
    overdue: 'Only leads waiting over 24 hours',
  },
  csv: {
    excelButton: 'Export CSV for Swedish Excel',
    excelHint:
      'Semicolon-separated, times in Stockholm time: opens in columns in Excel set to Swedish.',
  },
  detail: {
    back: 'Back to Leads',
    loading: 'Loading the lead...',
    loadFailed: 'Could not load the lead. Please try again.',
    notFoundHeading: 'No such lead',
    notFound: 'This lead does not exist, or it has been deleted.',
    contact: 'Contact',
    request: 'The request',
    pipeline: 'Pipeline',
    owner: 'Owner',
    ownerHint: 'Administrators only: editors never see leads.',
    ownersFailed: 'Could not load who may own leads.',
    nextMeeting: 'Next meeting',
    timeline: 'Timeline',
    timelineFailed: 'Could not load the history of this lead.',
    timelineEmpty: 'Nothing has happened to this lead yet.',
    unsaved: 'You have unsaved changes to the status, notes or owner.',
    confirmLeave: 'You have unsaved changes to this lead. Leave without saving?',
  },
  timeline: {
    received: (source: string | null) =>
      source ? `Received from the form (source: ${source})` : 'Received from the form',
    statusChanged: (from: string, to: string) => `Status changed from ${from} to ${to}`,
    ownerChanged: (from: string | null, to: string | null) =>
      to === null
        ? `Owner removed (was ${from ?? 'nobody'})`
        : from === null
          ? `Owner set to ${to}`
          : `Owner changed from ${from} to ${to}`,
    notesChanged: 'Notes saved',
    notesCleared: 'Notes cleared',
    mailQueued: (kind: string) => `${kind} queued`,
    mailSent: (kind: string, attempts: number | null) =>
      attempts && attempts > 1 ? `${kind} sent (after ${attempts} attempts)` : `${kind} sent`,
    mailFailed: (kind: string, error: string | null) =>
      error ? `${kind} failed: ${error}` : `${kind} failed`,
    meetingBooked: (when: string) => `Call booked by the visitor for ${when}`,
    meetingMoved: (when: string, before: string) => `Call moved from ${before} to ${when}`,
    meetingCancelled: (when: string) => `Call for ${when} cancelled`,
    other: (name: string) => `Event: ${name}`,
    by: (email: string) => `by ${email}`,
    system: 'by the site',
  },
};
