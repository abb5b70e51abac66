/**
 * Changing one's own password or e-mail needs the current password (a stolen token alone must
 * not take an account over for good); an admin changing someone else's does not. An e-mail
 * change is announced to the previous address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { readOutbox } from '../support/outbox.ts';

let t: TestServer;
let admin: Session;
const call = caller(() => t.auth.app);
const as =
  (session: Session) =>
  (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
    call(method, url, { ...opts, token: session.token });
const login = (email: string, password: string) => call('POST', '/login', { payload: { email, password } });

const PASSWORD = 'my current passphrase';
const REQUIRED = { code: 'CURRENT_PASSWORD_REQUIRED', fields: { current_password: 'Enter your current password' } };
const WRONG = {
  code: 'CURRENT_PASSWORD_WRONG',
  message: 'Current password is wrong',
  fields: { current_password: 'Current password is wrong' },
};

let serial = 0;
/** A signed-in user of a plain role (no user flags: everything here is self service). */
async function someone(opts: { roleActive?: boolean } = {}) {
  const email = `own-${++serial}@example.com`;
  const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true }) });
  const user = await insertUser(t.ctx.db, { email, password: PASSWORD, roleId: role.id, first_name: 'Olive' });
  const session = await t.loginAs(email, PASSWORD);
  if (opts.roleActive === false) await t.ctx.db.updateTable('roles').set({ status: false }).where('id', '=', role.id).execute();
  return { ...session, id: user.id, email };
}

const dialog = (user: { id: string; email: string }, password: string, extra: Record<string, unknown> = {}) => ({
  _id: user.id,
  email: user.email,
  password,
  confirm_password: password,
  ...extra,
});

/** The outbox's files now, to tell the mails written after (names start with the clock's time, which tests hold still). */
const outboxNow = async () => new Set((await readOutbox(t.outboxDir)).map((m) => m.file));
/** Mails written since `before` (the background sends are waited for). */
async function mailsSince(before: Set<string>) {
  await t.ctx.mailer.flush();
  return (await readOutbox(t.outboxDir)).filter((m) => !before.has(m.file));
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

describe('changing one’s own password', () => {
  it('without the current password: 400 on that field, and the password stays', async () => {
    const me = await someone();
    const res = await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'a stolen token passphrase') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(REQUIRED);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(me.email, 'a stolen token passphrase')).statusCode).toBe(401);
  });

  it('with a wrong current password: 400 "Current password is wrong", and the password stays', async () => {
    const me = await someone();
    const res = await as(me)('PATCH', `/user/${me.id}`, {
      payload: dialog(me, 'a stolen token passphrase', { current_password: 'a guess' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(WRONG);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(200);
  });

  it('with the right current password: changed, this session stays, the new password signs in', async () => {
    const me = await someone();
    const res = await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'a fresh passphrase', { current_password: PASSWORD }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(me)('GET', `/user/${me.id}`)).statusCode).toBe(200);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(me.email, 'a fresh passphrase')).statusCode).toBe(200);
  });

  it('a user whose role was deactivated cannot change anything with the token, not even with the current password', async () => {
    const me = await someone({ roleActive: false });
    const without = await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'a stolen token passphrase') });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'NO_DASHBOARD_ACCESS' });
    const withIt = await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'a fresh passphrase', { current_password: PASSWORD }) });
    expect(withIt.statusCode).toBe(403);
    expect((await login(me.email, 'a fresh passphrase')).statusCode).toBe(401);
  });

  it('the Admin role too, for its own password', async () => {
    const res = await as(admin)('PATCH', `/user/${admin.user._id}`, {
      payload: dialog({ id: admin.user._id, email: ADMIN_EMAIL }, 'an admin takeover phrase'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(REQUIRED);
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('two changes at the same moment with the same current password: one wins, the other is told it is wrong', async () => {
    const me = await someone();
    const answers = await Promise.all(
      ['first new passphrase', 'second new passphrase'].map((pw) =>
        as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, pw, { current_password: PASSWORD }) }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.statusCode === 400)!;
    expect(loser.json()).toEqual(WRONG);
    const winner = answers[0]!.statusCode === 200 ? 'first new passphrase' : 'second new passphrase';
    expect((await login(me.email, winner)).statusCode).toBe(200);
  });
});

describe('guessing the current password with a stolen token', () => {
  it('is counted like failed sign-ins: after 5 wrong guesses from one address, that address is locked out (423), even with the right password', async () => {
    const me = await someone();
    for (let i = 0; i < 5; i++) {
      const guess = await as(me)('PATCH', `/user/${me.id}`, {
        payload: dialog(me, 'a takeover passphrase', { current_password: `guess ${i}` }),
      });
      expect(guess.statusCode, `guess ${i}`).toBe(400);
      expect(guess.json()).toMatchObject(WRONG);
    }
    const locked = await as(me)('PATCH', `/user/${me.id}`, {
      payload: dialog(me, 'a takeover passphrase', { current_password: PASSWORD }),
    });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // The same counts stop a sign-in from that address, and the password is unchanged.
    expect((await login(me.email, PASSWORD)).statusCode).toBe(423);
    const elsewhere = await t.auth.app.inject({
      method: 'POST',
      url: '/login',
      payload: { email: me.email, password: PASSWORD },
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('a right guess clears that address’s count, as a sign-in does', async () => {
    const me = await someone();
    for (let i = 0; i < 4; i++) {
      expect(
        (await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'x passphrase 1', { current_password: `guess ${i}` }) })).statusCode,
      ).toBe(400);
    }
    const right = await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'a fresh passphrase', { current_password: PASSWORD }) });
    expect(right.statusCode, right.body).toBe(200);
    expect(
      (await as(me)('PATCH', `/user/${me.id}`, { payload: dialog(me, 'x passphrase 2', { current_password: 'wrong again' }) })).statusCode,
    ).toBe(400);
    expect((await login(me.email, 'a fresh passphrase')).statusCode).toBe(200);
  });
});

describe('an Admin changing another user’s password', () => {
  it('needs no current password', async () => {
    const other = await someone();
    const res = await as(admin)('PATCH', `/user/${other.id}`, { payload: dialog(other, 'set by the admin 2025') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(other.email, 'set by the admin 2025')).statusCode).toBe(200);
  });
});

describe('changing one’s own e-mail', () => {
  it('needs the current password; a wrong one changes nothing and mails nobody', async () => {
    const me = await someone();
    const before = await outboxNow();
    const without = await as(me)('PATCH', `/user/${me.id}`, { payload: { email: 'attacker@example.net' } });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject(REQUIRED);
    const wrong = await as(me)('PATCH', `/user/${me.id}`, { payload: { email: 'attacker@example.net', current_password: 'a guess' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG);
    expect((await as(me)('GET', `/user/${me.id}`)).json().email).toBe(me.email);
    expect(await mailsSince(before)).toEqual([]);
  });

  it('other changes of one’s own profile, or the same address again, need none', async () => {
    const me = await someone();
    const res = await as(me)('PATCH', `/user/${me.id}`, { payload: { first_name: 'Renamed', email: me.email.toUpperCase() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Renamed', email: me.email });
  });

  it('with the current password: changed, and the old address is told (by you), the new one only masked', async () => {
    const me = await someone();
    const before = await outboxNow();
    const res = await as(me)('PATCH', `/user/${me.id}`, { payload: { email: 'olive.new@example.org', current_password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe('olive.new@example.org');
    expect((await login('olive.new@example.org', PASSWORD)).statusCode).toBe(200);

    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to)).toEqual([me.email]);
    expect(mails[0]!.subject).toBe('The e-mail address of your Fieldbase account was changed');
    expect(mails[0]!.text).toContain('Hello Olive');
    expect(mails[0]!.text).toContain('changed by you on');
    expect(mails[0]!.text).toContain('ol***@example.org');
    expect(mails[0]!.text).not.toContain('olive.new@example.org');
    expect(mails[0]!.text).toContain('If you did not, contact your administrator at once.');
  });
});

describe('an Admin changing another user’s e-mail', () => {
  it('needs no current password, and the old address is told (by an administrator)', async () => {
    const other = await someone();
    const before = await outboxNow();
    const res = await as(admin)('PATCH', `/user/${other.id}`, { payload: { email: 'moved-by-admin@example.org' } });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to)).toEqual([other.email]);
    expect(mails[0]!.text).toContain('changed by an administrator on');
  });
});
