// The leads' words: the list of leads at /admin/leads (filters, table, pager, exports), the
// lead's own page, its mails and its timeline. English only, like the rest of the admin pages.
import type { LeadMailKind } from '~/data/consultation-mails';
import type { LeadSortKey, LeadStatus } from '~/data/consultations';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export const leadsCopy = {
  heading: 'Leads',
  newCount: (count: number) => plural(count, 'new lead', 'new leads'),
  loading: 'Loading leads...',
  loadFailed: 'Could not load the leads. Please try again.',
  retry: 'Try again',
  emptyHeading: 'No leads yet.',
  emptyText: 'Requests from the “Book a free strategy call” form appear here.',
  noMatchesHeading: 'No leads match.',
  noMatchesText: 'Try another status or search.',
  showing: (shown: number, total: number) =>
    `Showing ${shown.toLocaleString('en-US')} of ${plural(total, 'lead', 'leads')}`,
  loadMore: 'Load more leads',
  loadingMore: 'Loading more leads...',
  loadMoreFailed: 'Could not load more leads. Please try again.',
  filters: {
    label: 'Filter leads',
    status: 'Filter by status',
    allStatuses: 'All statuses',
    search: 'Search name, e-mail or company',
    searchButton: 'Search',
    clear: 'Clear',
    owner: 'Owner',
    anyOwner: 'Anyone',
    mine: 'Mine',
    unassigned: 'Unassigned',
    overdue: 'Only leads waiting over 24 hours',
  },
  statuses: {
    new: 'New',
    contacted: 'Contacted',
    booked: 'Booked',
    won: 'Won',
    lost: 'Lost',
  } satisfies Record<LeadStatus, string>,
  languages: { english: 'English', swedish: 'Swedish' } as Record<string, string>,
  fields: {
    email: 'E-mail',
    phone: 'Phone',
    company: 'Company',
    howFoundUs: 'Found us through',
    language: 'Form language',
    received: 'Received',
    submitted: 'Sent (visitor’s clock)',
    problems: 'Problems to solve',
    additionalInfo: 'Additional information',
  },
  none: 'none',
  attribution: {
    heading: 'Attribution',
    utm_source: 'UTM source',
    utm_medium: 'UTM medium',
    utm_campaign: 'UTM campaign',
    utm_term: 'UTM term',
    utm_content: 'UTM content',
    referrer: 'Referrer',
    landing_page: 'Landing page',
  },
  mails: {
    heading: 'Mails',
    kinds: {
      agency_notification: 'Agency notification',
      visitor_confirmation: 'Visitor confirmation',
    } satisfies Record<LeadMailKind, string>,
    sent: (dateTime: string) => `Sent ${dateTime}`,
    pending: 'Pending',
    pendingRetry: (attempt: number, error: string) =>
      `Pending (attempt ${attempt}, last error: ${error})`,
    pendingAttempt: (attempt: number) => `Pending (attempt ${attempt})`,
    failed: 'Failed',
    failedWith: (error: string) => `Failed: ${error}`,
    missing: 'Not queued',
    loadFailed: 'Could not load the delivery state.',
  },
  edit: {
    status: 'Status',
    notes: 'Notes',
    save: 'Save changes',
    saving: 'Saving...',
    saved: (name: string) => `Saved the changes to ${name}’s lead.`,
    saveFailed: 'Could not save the changes. Please try again.',
  },
  delete: 'Delete lead',
  deleteLabel: (name: string) => `Delete lead from ${name}`,
  confirmDelete: (name: string, email: string) =>
    `Delete the lead from ${name} (${email})? Its mail delivery records are deleted with it. This cannot be undone.`,
  deleted: (name: string) => `Deleted the lead from ${name}.`,
  deleteFailed: 'Could not delete the lead. Please try again.',
  csv: {
    button: 'Export CSV',
    busy: 'Exporting...',
    hint: 'All leads that match the status and search above.',
    done: (count: number, fileName: string) =>
      `Exported ${plural(count, 'lead', 'leads')} to ${fileName}.`,
    failed: 'Could not export the leads. Please try again.',
    excelButton: 'Export CSV for Swedish Excel',
    excelHint:
      'Semicolon-separated, times in Stockholm time: opens in columns in Excel set to Swedish.',
  },
  gdpr: {
    heading: 'Data request (GDPR)',
    text: 'Export every lead stored for one e-mail address (exact match, any case), with the delivery state of its mails, as a JSON file.',
    email: 'E-mail address',
    button: 'Export data (JSON)',
    busy: 'Exporting...',
    invalid: 'Enter an e-mail address.',
    none: (email: string) => `No leads are stored for ${email}.`,
    done: (count: number, fileName: string) =>
      `Exported ${plural(count, 'lead', 'leads')} to ${fileName}.`,
    failed: 'Could not export the data. Please try again.',
  },
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
  /** A lead kept past the form's limits (docs/leads.md): not mailed until it is released. */
  held: {
    badge: 'Held',
    heading: 'Held: no mails sent yet',
    text: 'This lead came past the form’s limit for one visitor or one shared address, so it was kept without mailing anyone. Release it if it is a real request: it becomes a normal lead, and the agency’s notification and the visitor’s confirmation are sent. Delete it if it is not.',
    release: 'Release lead',
    releasing: 'Releasing...',
    released: (name: string) => `${name} was released: the mails are on their way.`,
    releaseFailed: 'Could not release the lead. Please try again.',
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
    meetingLinkChanged: (when: string, link: string | null) =>
      link
        ? `Call for ${when} given the video link ${link}; the visitor is mailed it`
        : `Call for ${when} made a phone call; the visitor is mailed it`,
    other: (name: string) => `Event: ${name}`,
    by: (email: string) => `by ${email}`,
    system: 'by the site',
  },
} as const;
