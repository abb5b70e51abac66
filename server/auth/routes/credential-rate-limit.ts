/**
 * The rate limit of the public routes that take or send a credential (sign in, ask for a reset
 * link, use it): LOGIN_RATE_LIMIT requests a minute per address, on top of the lockout per account.
 */
import type { Config } from '../../config.ts';

export function credentialRateLimit(config: Config) {
  return { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs };
}
