/** The two signed-out password calls: ask for a reset link, and set a new password with it. */
import type { ForgotPasswordRequest, MessageAnswer, ResetPasswordRequest } from '@model/generated';
import { runtimeConfig } from '../config/runtime-config';
import { fetchAnonymous } from '../providers/http-client';

export async function requestPasswordReset(email: string): Promise<void> {
  const body: ForgotPasswordRequest = { email };
  await fetchAnonymous(`${runtimeConfig().authUrl}/user/change_password`, { method: 'POST', body: JSON.stringify(body) });
}

export async function resetPassword(token: string, password: string, repassword: string): Promise<string> {
  const body: ResetPasswordRequest = { token, password, repassword };
  const { json } = await fetchAnonymous<MessageAnswer>(`${runtimeConfig().authUrl}/user/reset_password`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  return json.message;
}
