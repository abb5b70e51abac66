/**
 * A user's console language, kept on their record (PATCH /user/{id} { language }) so it follows
 * them to any browser: everyone may set their own, the sign-in answer carries it, only en, fr
 * and ar (or null: not chosen) are taken, and someone else's needs can_edit_user. Their mails
 * are written in it; without a choice, in the organisation's default language.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { readOutbox } from '../support/outbox.ts';

let t: TestServer;
let staff: { id: string; email: string; session: Session };
let other: { id: string };
let staffRole: string;
const PASSWORD = 'a sensible passphrase';

beforeAll(async () => {
  t = await startTestServer();
  // A role that may use the console but not edit users.
  const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_app: true, can_access_dashboard: true }) });
  staffRole = role.id;
  const mine = await insertUser(t.ctx.db, { email: 'language-staff@example.com', password: PASSWORD, roleId: role.id });
  other = await insertUser(t.ctx.db, { email: 'language-other@example.com', password: PASSWORD, roleId: role.id });
  staff = { ...mine, session: await t.loginAs(mine.email, PASSWORD) };
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const setLanguage = (id: string, language: unknown) => call('PATCH', `/user/${id}`, { token: staff.session.token, payload: { language } });

it('a user without can_edit_user sets their own language; reads and the next sign-in carry it', async () => {
  const before = await call('GET', `/user/${staff.id}`, { token: staff.session.token });
  expect(before.json().language).toBeNull();

  const res = await setLanguage(staff.id, 'fr');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().language).toBe('fr');
  expect((await call('GET', `/user/${staff.id}`, { token: staff.session.token })).json().language).toBe('fr');

  const login = await call('POST', '/login', { payload: { email: staff.email, password: PASSWORD } });
  expect(login.statusCode).toBe(200);
  expect(login.json().user.language).toBe('fr');

  expect((await setLanguage(staff.id, null)).json().language).toBeNull();
});

it('refuses a language the console does not have, naming the field, and keeps what was saved', async () => {
  await setLanguage(staff.id, 'ar');
  const res = await setLanguage(staff.id, 'de');
  expect(res.statusCode).toBe(400);
  expect(res.json().fields).toHaveProperty('language');
  expect((await call('GET', `/user/${staff.id}`, { token: staff.session.token })).json().language).toBe('ar');
});

it("someone else's language needs can_edit_user", async () => {
  const res = await setLanguage(other.id, 'fr');
  expect(res.statusCode).toBe(403);
});

/** Asks for a reset link for `email` and answers the one new mail. */
async function resetMail(email: string) {
  const before = new Set((await readOutbox(t.outboxDir)).map((m) => m.file));
  expect((await call('POST', '/user/change_password', { payload: { email } })).statusCode).toBe(200);
  await t.ctx.mailer.flush();
  const fresh = (await readOutbox(t.outboxDir)).filter((m) => !before.has(m.file) && m.to === email);
  expect(fresh).toHaveLength(1);
  return fresh[0]!;
}

it("writes a user's mails in their language, else in the organisation's default, else in English", async () => {
  // One user per mail: a second link for the same user within the cooldown is not sent.
  const [french, arabic, unset, unsupported] = await Promise.all(
    ['fr', 'ar', null, null].map(async (language, i) => {
      const user = await insertUser(t.ctx.db, { email: `language-mail-${i}@example.com`, password: PASSWORD, roleId: staffRole });
      await t.ctx.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
      return user.email;
    }),
  );
  const inFrench = await resetMail(french!);
  expect(inFrench.subject).toBe('Réinitialisez votre mot de passe Fieldbase');
  expect(inFrench.text).toMatch(/^Bonjour Test,/);
  expect(inFrench.text).toContain('/resetpassword?token=');
  expect((await resetMail(arabic!)).subject).toBe('إعادة تعيين كلمة مرور Fieldbase');

  // No choice of their own: the organisation's default language, when the console has it.
  await t.ctx.db.updateTable('organisation_settings').set({ default_language: 'fr' }).execute();
  try {
    expect((await resetMail(unset!)).subject).toBe('Réinitialisez votre mot de passe Fieldbase');
    await t.ctx.db.updateTable('organisation_settings').set({ default_language: 'sw' }).execute();
    expect((await resetMail(unsupported!)).subject).toBe('Reset your Fieldbase password');
  } finally {
    await t.ctx.db.updateTable('organisation_settings').set({ default_language: 'en' }).execute();
  }
});
