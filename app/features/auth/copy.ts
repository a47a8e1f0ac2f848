// The sign-in screens' texts. The administrator's side is English only, so this
// copy is one English object rather than decision 0004's { en, sv } pair.
export const authCopy = {
  heading: 'Admin Login',
  lead: 'Sign in to manage blog posts',
  loading: 'Loading...',
  emailLabel: 'Email address',
  emailPlaceholder: 'Your email address',
  passwordLabel: 'Your Password',
  passwordPlaceholder: 'Your password',
  newPasswordLabel: 'New password',
  newPasswordPlaceholder: 'Your new password',
  signIn: { label: 'Sign in', loading: 'Signing in ...', form: 'Sign in' },
  forgottenPassword: {
    label: 'Send reset password instructions',
    loading: 'Sending reset instructions ...',
    form: 'Reset password',
    link: 'Forgot your password?',
    success: 'Check your email for the password reset link',
  },
  updatePassword: {
    label: 'Update password',
    loading: 'Updating password ...',
    form: 'Update password',
    intro: 'Choose a new password for your account.',
    success: 'Your password has been updated',
  },
  /** An invitation's link: the same view, worded for a first password. */
  welcome: {
    form: 'Choose your password',
    intro:
      'Welcome to the team. Choose a password for your account; you sign in with it from now on.',
    label: 'Save password and continue',
    loading: 'Saving ...',
  },
  backToSignIn: 'Already have an account? Sign in',
  /** An e-mailed link that had expired or had been used: what happened and what to do. */
  linkFailed: {
    invite:
      'This invitation link has expired or has already been used. Ask an administrator of the ' +
      'team for a new invitation: on the Team page they can resend it. Each link works once, ' +
      'within 24 hours.',
    recovery:
      'This password reset link has expired or has already been used. Enter your e-mail address ' +
      'below to get a new one: each link works once, within 24 hours.',
    other: (message: string) =>
      `${message}. Each link works once, within 24 hours: ask for a new one, or sign in below.`,
  },
} as const;
