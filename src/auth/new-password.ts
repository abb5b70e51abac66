/** The console's check of a new password and its confirmation (the server checks again). */
import { PASSWORD_MIN } from '@model/rules';
import type { Translate } from '../i18n/use-t';

export function newPasswordProblems(password: string, confirmation: string, t: Translate): { password?: string; confirmation?: string } {
  const problems: { password?: string; confirmation?: string } = {};
  if (password.length < PASSWORD_MIN) problems.password = t('app.auth.new_password.too_short', { min: PASSWORD_MIN });
  if (password !== confirmation) problems.confirmation = t('app.auth.new_password.mismatch');
  return problems;
}
