/** The console's check of a new password and its confirmation (the server checks again). */
import { PASSWORD_MIN } from '@model/rules';

export function newPasswordProblems(password: string, confirmation: string): { password?: string; confirmation?: string } {
  const problems: { password?: string; confirmation?: string } = {};
  if (password.length < PASSWORD_MIN) problems.password = `Password must be at least ${PASSWORD_MIN} characters`;
  if (password !== confirmation) problems.confirmation = 'Password not match';
  return problems;
}
