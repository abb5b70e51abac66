/**
 * Forgot password (POST /user/change_password) and the reset link it mails
 * (POST /user/reset_password): the link works once, within its time, only while it is the
 * newest and the password and e-mail are as they were, and ends old sessions. The request is
 * answered before any work, asking again for the same account within RESET_LINK_COOLDOWN sends
 * nothing, and the outbox keeps links to its owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type TestServer } from '../support/test-server.ts';
import { insertUser, roleIdBySlug } from '../support/test-users.ts';
import { readOutbox } from '../support/outbox.ts';
import { holdLocks } from '../support/lock-waits.ts';
import { captureLog } from '../support/capture-log.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { verifyPassword } from '../../server/auth/passwords.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const REQUEST_ANSWER = { message: 'If this e-mail belongs to an account, a reset link has been sent to it.' };
const RESET_INVALID = { code: 'RESET_LINK_INVALID', message: 'This reset link is invalid, expired or already used. Ask for a new one.' };

/** The mail goes out in the background (the answer time must not tell known addresses apart); wait for it. */
async function askForLink(email: string) {
  const res = await t.auth.app.inject({ method: 'POST', url: '/user/change_password', payload: { email } });
  await t.ctx.mailer.flush();
  return res;
}
const reset = (payload: Record<string, unknown>) => t.auth.app.inject({ method: 'POST', url: '/user/reset_password', payload });
const login = (email: string, password: string) => t.auth.app.inject({ method: 'POST', url: '/login', payload: { email, password } });

let userCount = 0;
async function newUser(password = 'original-pass-1') {
  const email = `reset-${++userCount}@example.com`;
  await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'admin') });
  return { email, password };
}

/** Asks for a link and returns the token from the one new mail it must have written. */
async function linkToken(email: string): Promise<string> {
  const before = (await readOutbox(t.outboxDir)).length;
  const res = await askForLink(email);
  expect(res.statusCode).toBe(200);
  const mails = await readOutbox(t.outboxDir);
  expect(mails).toHaveLength(before + 1);
  const mail = mails.find((m) => m.to === email && !seen.has(m.file));
  expect(mail, `a new mail to ${email}`).toBeDefined();
  seen.add(mail!.file);
  const match = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  return match![1];
}
const seen = new Set<string>();

describe('POST /user/change_password', () => {
  it('mails a known address one reset link to the console', async () => {
    const { email } = await newUser();
    const before = await readOutbox(t.outboxDir);
    const res = await askForLink(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUEST_ANSWER);
    const after = await readOutbox(t.outboxDir);
    expect(after).toHaveLength(before.length + 1);
    const mail = after.find((m) => !before.some((b) => b.file === m.file))!;
    seen.add(mail.file);
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Reset your Fieldbase password');
    expect(mail.text).toMatch(new RegExp(`${t.ctx.config.consoleUrl}/resetpassword\\?token=[A-Za-z0-9_-]{20,}`));
  });

  it('gives an unknown address the very same answer and mails nothing', async () => {
    const before = (await readOutbox(t.outboxDir)).length;
    const res = await askForLink('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUEST_ANSWER);
    expect(await readOutbox(t.outboxDir)).toHaveLength(before);
  });

  it('asked again within RESET_LINK_COOLDOWN, mails nothing and keeps the first link; after it, a new link replaces the first', async () => {
    const cooldown = t.ctx.config.resetLinkCooldownSeconds;
    expect(cooldown).toBe(60);
    const { email } = await newUser();
    const first = await linkToken(email);

    const mailsBefore = (await readOutbox(t.outboxDir)).length;
    t.clock.advance(cooldown - 1);
    const again = await askForLink(email);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(REQUEST_ANSWER);
    expect(await readOutbox(t.outboxDir)).toHaveLength(mailsBefore);

    t.clock.advance(1);
    const second = await linkToken(email);
    expect(second).not.toBe(first);
    expect((await reset({ token: first, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).json()).toEqual(RESET_INVALID);
    expect((await reset({ token: second, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).statusCode).toBe(200);
  });

  it('asked again within RESET_LINK_COOLDOWN, the first link still works', async () => {
    const { email } = await newUser();
    const first = await linkToken(email);
    t.clock.advance(30);
    await askForLink(email);
    expect((await reset({ token: first, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).statusCode).toBe(200);
  });

  it('a used link does not hold the next one back', async () => {
    const { email } = await newUser();
    const first = await linkToken(email);
    expect((await reset({ token: first, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).statusCode).toBe(200);
    const second = await linkToken(email);
    expect((await reset({ token: second, password: 'brand-new-pass-2', repassword: 'brand-new-pass-2' })).statusCode).toBe(200);
  });

  it('answers 400 for something that is not an e-mail address', async () => {
    const res = await askForLink('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'Email must be a valid e-mail address' });
  });
});

describe('POST /user/reset_password', () => {
  it("refuses a password and repassword that differ with 'Password not match'", async () => {
    const { email } = await newUser();
    const token = await linkToken(email);
    const res = await reset({ token, password: 'brand-new-pass-1', repassword: 'brand-new-pass-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Password not match', fields: { repassword: 'Password not match' } });
  });

  it('refuses a too short password, naming the password', async () => {
    const { email } = await newUser();
    const token = await linkToken(email);
    const res = await reset({ token, password: 'short', repassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('refuses a common password, naming the password', async () => {
    const { email } = await newUser();
    const token = await linkToken(email);
    const res = await reset({ token, password: 'Password123', repassword: 'Password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WEAK_PASSWORD', fields: { password: 'This password is too common, choose another' } });
  });

  it('a refused attempt does not use the link up', async () => {
    const { email } = await newUser();
    const token = await linkToken(email);
    expect((await reset({ token, password: 'brand-new-pass-1', repassword: 'typo' })).statusCode).toBe(400);
    expect((await reset({ token, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).statusCode).toBe(200);
  });

  it('changes the password, ends every session of the user, and works only once', async () => {
    const { email, password } = await newUser();
    const session = await t.loginAs(email, password);
    const otherSession = await t.loginAs(email, password, { isKeepLogin: false });
    const check = (token: string) => t.auth.app.inject({ method: 'GET', url: '/designation', headers: bearer(token) });
    expect((await check(session.token)).statusCode).toBe(200);

    const token = await linkToken(email);
    const res = await reset({ token, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Please log in.' });

    expect((await login(email, password)).json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
    expect((await login(email, 'brand-new-pass-1')).statusCode).toBe(200);

    for (const old of [session.token, otherSession.token]) {
      const after = await check(old);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('SESSION_ENDED');
    }

    const again = await reset({ token, password: 'another-new-pass-2', repassword: 'another-new-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(RESET_INVALID);
    expect((await login(email, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('clears a lock on the address, so the new password works at once', async () => {
    const { email } = await newUser();
    for (let i = 0; i < 5; i++) await login(email, 'wrong-password');
    expect((await login(email, 'original-pass-1')).statusCode).toBe(423);
    const token = await linkToken(email);
    expect((await reset({ token, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).statusCode).toBe(200);
    expect((await login(email, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('accepts a link until its expiry and refuses it after', async () => {
    const ttl = t.ctx.config.resetTokenTtlSeconds;
    const { email } = await newUser();

    const early = await linkToken(email);
    t.clock.advance(ttl - 1);
    expect((await reset({ token: early, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).statusCode).toBe(200);

    const late = await linkToken(email);
    t.clock.advance(ttl + 1);
    const res = await reset({ token: late, password: 'brand-new-pass-2', repassword: 'brand-new-pass-2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(RESET_INVALID);
    expect((await login(email, 'brand-new-pass-2')).statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('refuses a made-up link', async () => {
    const res = await reset({ token: 'made-up-token', password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(RESET_INVALID);
  });
});

describe('which reset links work', () => {
  const works = async (token: string, password: string) => (await reset({ token, password, repassword: password })).statusCode;

  it('only the newest: asking again kills the link mailed before', async () => {
    const { email } = await newUser();
    const older = await linkToken(email);
    t.clock.advance(t.ctx.config.resetLinkCooldownSeconds);
    const newer = await linkToken(email);
    const res = await reset({ token: older, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(RESET_INVALID);
    expect(await works(newer, 'brand-new-pass-1')).toBe(200);
  });

  it('asked for five times at the same moment: one mail, and its link works', async () => {
    const { email } = await newUser();
    const before = new Set((await readOutbox(t.outboxDir)).map((m) => m.file));
    await Promise.all(
      Array.from({ length: 5 }, () => t.auth.app.inject({ method: 'POST', url: '/user/change_password', payload: { email } })),
    );
    await t.ctx.mailer.flush();
    const mails = (await readOutbox(t.outboxDir)).filter((m) => !before.has(m.file) && m.to === email);
    expect(mails).toHaveLength(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
    expect(await works(token, 'five at once pass')).toBe(200);
  });

  it('dies when the user changes their password in the app', async () => {
    const { email, password } = await newUser();
    const token = await linkToken(email);
    const me = await t.loginAs(email, password);
    const changed = await t.auth.app.inject({
      method: 'PATCH',
      url: `/user/${me.user._id}`,
      headers: bearer(me.token),
      payload: {
        _id: me.user._id,
        email,
        password: 'changed in the app 1',
        confirm_password: 'changed in the app 1',
        current_password: password,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await reset({ token, password: 'brand-new-pass-1', repassword: 'brand-new-pass-1' })).json()).toEqual(RESET_INVALID);
    expect((await login(email, 'changed in the app 1')).statusCode).toBe(200);
  });

  it('dies when an admin changes the password', async () => {
    const { email } = await newUser();
    const token = await linkToken(email);
    const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const id = (await t.loginAs(email, 'original-pass-1')).user._id;
    const changed = await t.auth.app.inject({
      method: 'PATCH',
      url: `/user/${id}`,
      headers: bearer(admin.token),
      payload: { _id: id, email, password: 'set by the admin 1', confirm_password: 'set by the admin 1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await works(token, 'brand-new-pass-1')).toBe(400);
  });

  it('mailed to the old address, dies when the e-mail changes', async () => {
    const { email, password } = await newUser();
    const token = await linkToken(email);
    const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const id = (await t.loginAs(email, password)).user._id;
    const moved = await t.auth.app.inject({
      method: 'PATCH',
      url: `/user/${id}`,
      headers: bearer(admin.token),
      payload: { email: `moved-${email}` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await works(token, 'brand-new-pass-1')).toBe(400);
    expect((await login(`moved-${email}`, password)).statusCode).toBe(200);
  });

  it('dies when the user is deleted', async () => {
    const { email, password } = await newUser();
    const token = await linkToken(email);
    const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const id = (await t.loginAs(email, password)).user._id;
    expect((await t.auth.app.inject({ method: 'DELETE', url: `/user/${id}`, headers: bearer(admin.token) })).statusCode).toBe(200);
    expect(await works(token, 'brand-new-pass-1')).toBe(400);
  });

  it('of an address a deleted user held and a new user holds now, resets the new user only', async () => {
    const { email, password } = await newUser();
    const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const gone = (await t.loginAs(email, password)).user._id;
    await t.auth.app.inject({ method: 'DELETE', url: `/user/${gone}`, headers: bearer(admin.token) });
    const holder = await insertUser(t.ctx.db, { email, password: 'the new holder pass', roleId: await roleIdBySlug(t.ctx.db, 'admin') });
    const token = await linkToken(email);
    expect(await works(token, 'brand-new-pass-1')).toBe(200);
    const passwordOf = async (id: string) =>
      (await t.ctx.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    expect(await verifyPassword(await passwordOf(holder.id), 'brand-new-pass-1')).toBe(true);
    expect(await verifyPassword(await passwordOf(gone), password)).toBe(true);
  });
});

describe('POST /user/change_password answers before doing the work', () => {
  it('known and unknown addresses are both answered while the user table is locked, and only then is the mail written', async () => {
    const { email } = await newUser();
    const before = (await readOutbox(t.outboxDir)).length;
    // Nothing can read users until it is released: a look-up before answering would hang.
    const release = await holdLocks(t.ctx.db, (trx) => sql`lock table users in access exclusive mode`.execute(trx));
    const ask = (address: string) => t.auth.app.inject({ method: 'POST', url: '/user/change_password', payload: { email: address } });
    const pending = [ask(email), ask('nobody-known@example.com')];
    try {
      const timeout = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 3000));
      const answers = await Promise.race([Promise.all(pending), timeout]);
      expect(answers, 'answered while the look-up was blocked').not.toBe('no answer');
      for (const res of answers as Awaited<(typeof pending)[number]>[]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(REQUEST_ANSWER);
      }
      expect(await readOutbox(t.outboxDir)).toHaveLength(before);
    } finally {
      await release();
      await Promise.all(pending);
    }
    await t.ctx.mailer.flush();
    const after = await readOutbox(t.outboxDir);
    expect(after).toHaveLength(before + 1);
    expect(after.filter((m) => m.to === email)).toHaveLength(1 + [...seen].filter((f) => f.includes(email)).length);
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('keeps mails to the owner: files 0600 in a 0700 folder, even one made readable before', async () => {
    await mkdir(t.outboxDir, { recursive: true });
    await chmod(t.outboxDir, 0o755);
    const { email } = await newUser();
    await linkToken(email);
    expect((await stat(t.outboxDir)).mode & 0o777).toBe(0o700);
    const files = (await readdir(t.outboxDir)).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files.filter((name) => name.includes(email))) expect((await stat(path.join(t.outboxDir, f))).mode & 0o777).toBe(0o600);
  });

  it('logs where a mail went, never the reset link', async () => {
    const serverLog = captureLog(t.auth.app);
    const mailerLog: string[] = [];
    const mailer = createMailer(t.ctx.config, (line) => mailerLog.push(line));
    const { email } = await newUser();
    const token = await linkToken(email);
    await mailer.send({
      to: email,
      subject: 'Reset your Fieldbase password',
      text: `${t.ctx.config.consoleUrl}/resetpassword?token=${token}`,
    });

    expect(serverLog.join('\n')).toContain('/user/change_password'); // the capture works
    expect(mailerLog).toEqual([expect.stringMatching(new RegExp(`written to ${t.outboxDir}/\\S+\\.eml$`))]);
    for (const line of [...serverLog, ...mailerLog]) {
      expect(line).not.toContain(token);
      expect(line).not.toContain('/resetpassword');
    }
  });
});
