// Texts of the team page, the account page and two-factor sign-in. English only, as
// the rest of the administrator's side; the gate's words are here too. Times come written
// already, in the agency's zone (formatAdminDateTime, app/i18n/format.ts).
import type { TeamRole } from '~/data/team';

export const roleNames = { admin: 'Administrator', editor: 'Editor' } satisfies Record<
  TeamRole,
  string
>;

export const teamCopy = {
  heading: 'Team',
  intro:
    'Administrators see everything: leads, the blog and this team. Editors write the blog and its images, and never see leads.',
  loading: 'Loading the team...',
  loadFailed: (message: string) => `Could not load the team: ${message}`,
  invite: {
    heading: 'Invite a colleague',
    email: 'E-mail address',
    role: 'Role',
    button: 'Send invitation',
    busy: 'Sending...',
    sent: (email: string) =>
      `Invitation sent to ${email}. The link in it lets them choose a password and sign in.`,
    joined: (email: string, role: TeamRole) =>
      `${email} already had an account and has joined the team as ${roleNames[role].toLowerCase()}.`,
    invalid: 'Enter an e-mail address.',
  },
  members: {
    heading: 'Members',
    caption: 'Members of the team, their roles and when they last signed in',
    member: 'Member',
    role: 'Role',
    lastSignIn: 'Last sign-in',
    twoFactor: 'Two-factor',
    actions: 'Actions',
    you: '(you)',
    roleOf: (email: string) => `Role of ${email}`,
    never: 'Never',
    pending: (invitedWhen: string | null) =>
      invitedWhen ? `Invited ${invitedWhen}, not signed in yet` : 'Invited',
    on: 'On',
    off: 'Off',
    remove: 'Remove',
    removeLabel: (email: string) => `Remove ${email} from the team`,
    confirmRemove: (email: string) =>
      `Remove ${email} from the team? Their account is deleted and every session of theirs ends.`,
    removed: (email: string) => `${email} has been removed from the team.`,
    changed: (email: string, role: TeamRole) =>
      `${email} is now ${role === 'admin' ? 'an administrator' : 'an editor'}.`,
    failed: (message: string) => `That did not work: ${message}`,
    resend: 'Resend invitation',
    resendLabel: (email: string) => `Resend invitation to ${email}`,
    resent: (email: string) =>
      `A new invitation went to ${email}. Its link works for 24 hours; the earlier one works too until either is used.`,
    resetTwoFactor: 'Reset two-factor',
    resetLabel: (email: string) => `Reset two-factor of ${email}`,
    confirmReset: (email: string) =>
      `Reset the two-factor sign-in of ${email}? Their authenticator apps are removed: they sign in with their password alone and set up a new app on their Account page. They are told by mail.`,
    reset: (email: string) =>
      `The authenticator apps of ${email} are removed. They sign in with their password and can set up a new app; they have been told by mail.`,
  },
  history: {
    heading: 'History',
    caption: 'Changes to the team, newest first',
    when: 'When',
    who: 'By',
    what: 'What',
    server: 'The server (npm run reset-two-factor)',
    none: 'Nothing has happened to the team yet.',
    event: {
      invited: (member: string, role: string | null) =>
        role ? `Invited ${member} as ${roleName(role)}` : `Invited ${member}`,
      invitation_resent: (member: string) => `Sent ${member} the invitation again`,
      role_changed: (member: string, role: string | null) =>
        `Made ${member} ${role ? roleName(role) : 'a member'}`,
      removed: (member: string) => `Removed ${member} from the team`,
      two_factor_reset: (member: string) => `Reset the two-factor sign-in of ${member}`,
    },
  },
} as const;

function roleName(role: string): string {
  return role === 'admin' ? 'an administrator' : role === 'editor' ? 'an editor' : role;
}

export const accountCopy = {
  heading: 'Your account',
  email: {
    heading: 'E-mail address',
    current: (email: string) => `You sign in as ${email}.`,
    label: 'New e-mail address',
    button: 'Change e-mail address',
    busy: 'Saving...',
    invalid: 'Enter the new e-mail address.',
    same: 'That is already your address.',
    pending: (email: string) =>
      `Check both inboxes: the change to ${email} takes effect when you open the confirmation links we sent to it and to your current address.`,
    changed: (email: string) => `Your address is now ${email}.`,
    firstAccepted:
      'The first confirmation link is accepted. Open the one we sent to your other address too: the address changes once both are opened.',
    linkFailed:
      'This confirmation link has expired or has already been used. Ask for the change again below: each link works once, within 24 hours.',
  },
  password: {
    heading: 'Password',
    label: 'New password',
    hint: 'At least 8 characters. Your other sessions are signed out when it changes.',
    repeat: 'Repeat the new password',
    button: 'Change password',
    busy: 'Saving...',
    mismatch: 'The two passwords are not the same.',
    changed: 'Your password has been changed. Your other sessions have been signed out.',
  },
  failed: (message: string) => `That did not work: ${message}`,
} as const;

export const twoFactorCopy = {
  heading: 'Two-factor sign-in',
  explanation:
    'With an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), signing in takes your password and a 6-digit code from your phone.',
  off: 'Two-factor sign-in is off.',
  on: (since: string) => `Two-factor sign-in is on (since ${since}).`,
  start: 'Set up an authenticator app',
  starting: 'Preparing...',
  scan: 'Scan this QR code with your authenticator app, then type the 6-digit code it shows.',
  qrAlt: 'QR code to add this account to an authenticator app',
  typeKey: 'Cannot scan it? Type this key into the app instead:',
  code: '6-digit code',
  codeHint: 'From your authenticator app. A new code appears every 30 seconds.',
  codeInvalid: 'Enter the 6 digits the app shows.',
  codeWrong:
    'That code is not the right one. Check that the app shows this account, and type the newest code: they change every 30 seconds.',
  confirm: 'Turn on two-factor sign-in',
  confirming: 'Checking...',
  cancel: 'Cancel',
  enabled: 'Two-factor sign-in is on. Next time you sign in, we will ask for a code.',
  apps: 'Your authenticator apps',
  app: (name: string, added: string) => `${name}, added ${added}`,
  addBackup: 'Add a backup authenticator app',
  backupHint:
    'A second app (on another phone or a tablet) lets you sign in if you lose the first. Each app has its own code; either one works.',
  name: 'Name of this app',
  nameHint: 'So you can tell your apps apart, for example "Phone" or "Backup tablet".',
  nameTaken: (name: string) => `You already have an app called "${name}": choose another name.`,
  remove: (name: string) => `Remove ${name}`,
  removing: 'Removing...',
  confirmRemove: (name: string, last: boolean) =>
    last
      ? `Remove ${name}? It is your only app: two-factor sign-in turns off, and signing in takes only your password.`
      : `Remove ${name}? Signing in then takes a code from your other app.`,
  removed: (name: string, last: boolean) =>
    last ? `${name} is removed. Two-factor sign-in is off.` : `${name} is removed.`,
  friendlyName: 'Authenticator app',
  backupName: 'Backup authenticator app',
  failed: (message: string) => `That did not work: ${message}`,
  challenge: {
    heading: 'Confirm it is you',
    text: 'Enter the 6-digit code from your authenticator app to continue.',
    which: 'Authenticator app',
    button: 'Verify',
    busy: 'Verifying...',
    signOut: 'Sign out',
  },
  required: {
    heading: 'Set up two-factor sign-in',
    text: 'This site asks every administrator to sign in with an authenticator app as well as a password. Set it up now to continue.',
  },
  checking: 'Checking your sign-in...',
} as const;

/** The gate in front of every admin page: who may see it. */
export const gateCopy = {
  checking: 'Checking your access...',
  checkFailed: (message: string) => `Could not check your access: ${message}`,
  noAccessHeading: 'No access to the admin area',
  noAccess: (email: string) =>
    `${email} is signed in, but is not on the agency's team. Ask an administrator to invite you.`,
  adminsOnlyHeading: 'Leads are for administrators',
  adminsOnly:
    'As an editor you write the blog and its images; the leads are seen by administrators only.',
  toPosts: 'Go to Blog posts',
} as const;
