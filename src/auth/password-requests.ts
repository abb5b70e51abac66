/** The two signed-out password calls: ask for a reset link, and set a new password with it. */
import { runtimeConfig } from '../config/runtime-config';
import { httpRequest } from '../providers/http-client';

export async function requestPasswordReset(email: string): Promise<void> {
  await httpRequest(`${runtimeConfig().authUrl}/user/change_password`, { method: 'POST', anonymous: true, body: { email } });
}

export async function resetPassword(token: string, password: string, repassword: string): Promise<string> {
  const { json } = await httpRequest<{ message: string }>(`${runtimeConfig().authUrl}/user/reset_password`, {
    method: 'POST',
    anonymous: true,
    body: { token, password, repassword },
  });
  return json.message;
}
