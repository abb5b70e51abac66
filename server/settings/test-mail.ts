/**
 * The settings' "Send test e-mail": one mail to the caller's own address through the mailer the
 * servers use (SMTP, or the outbox folder), awaited so the answer can say where it went, or the
 * mail server's own words when it refused.
 */
import type { AppContext } from '../context.ts';

/** Enough of a mail server's refusal to act on, not a page of its transcript. */
const REASON_MAX = 300;

export async function sendTestMail(ctx: AppContext, to: string): Promise<{ sent: boolean; to: string; via: string; reason?: string }> {
  const via = ctx.mailer.describe();
  try {
    await ctx.mailer.send({
      to,
      subject: 'Fieldbase test e-mail',
      text: `This is a test e-mail from Fieldbase, sent from the Settings page at ${ctx.config.clock.now().toISOString()}.\n\nIf you can read it, mail from Fieldbase reaches you.`,
    });
    return { sent: true, to, via };
  } catch (err) {
    return {
      sent: false,
      to,
      via,
      reason: ((err as Error).message || 'The mail server refused the mail').slice(0, REASON_MAX),
    };
  }
}
