/** The signed-out screens: sign in, forgot password, reset password. */
export const auth = {
  footer: 'Fieldbase: a connected field-data platform, delivered by a digital agency',
  back_to_login: 'Back to login',
  email: 'Email',
  password: 'Password',
  login: {
    title: 'Sign in',
    subtitle: 'Sign in to the admin console',
    all_required: 'All fields are required',
    keep_logged_in: 'Keep me logged in',
    forgot: 'Forgot password?',
    submit: 'Login',
    busy: 'Signing in…',
    done: 'Logged in',
    failed: 'Failed to login',
  },
  otp: {
    title: 'Forgot password',
    subtitle: 'Enter your e-mail and we will send you a link to choose a new password.',
    invalid_email: 'Enter a valid e-mail address',
    submit: 'Submit',
    sent: 'Please contact admin! Mail has send to them',
    failed: 'Something went wrong',
  },
  reset: {
    title: 'Change password',
    subtitle: 'Choose a new password for your account.',
    needs_link: 'This page needs the link from your password reset e-mail.',
    confirm: 'Confirm password',
    submit: 'Change password',
  },
  new_password: {
    too_short: 'Password must be at least %{min} characters',
    mismatch: 'Password not match',
  },
};
