/**
 * Sign-in failures are counted per account and client address: a stranger's guesses lock the
 * stranger out, not the owner; guesses from many addresses slow those addresses down and tell
 * the owner by mail; only failures count, so parallel sign-ins with the right password all get in,
 * and parallel guesses never get more passwords checked than the limit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { insertUser, roleIdBySlug } from '../support/test-users.ts';
import { readOutbox } from '../support/outbox.ts';
import { purgeStaleFailures } from '../../server/auth/login-failures.ts';
import { createAuthServer } from '../../server/auth/app.ts';

let t: TestServer;
let adminRole: string;
beforeAll(async () => {
  t = await startTestServer();
  adminRole = await roleIdBySlug(t.ctx.db, 'admin');
});
afterAll(() => t?.close());
beforeEach(() => {
  t.clock.slept.length = 0;
});

const LOCKED = { code: 'ACCOUNT_LOCKED', message: 'Too many failed attempts. Try again in 15 minutes.', params: { minutes: 15 } };
const BAD = { code: 'BAD_CREDENTIALS', message: 'Invalid email or password' };

const login = (email: string, password: string, from = '127.0.0.1') =>
  t.auth.app.inject({ method: 'POST', url: '/login', payload: { email, password }, remoteAddress: from });

let serial = 0;
async function owner(first_name = 'Owner') {
  const email = `owner-${++serial}@example.com`;
  const password = `owner passphrase ${serial}`;
  await insertUser(t.ctx.db, { email, password, roleId: adminRole, first_name });
  return { email, password };
}

async function mailsTo(email: string) {
  await t.ctx.mailer.flush();
  return (await readOutbox(t.outboxDir)).filter((m) => m.to === email);
}

describe('failures from one address', () => {
  it("lock that address out after 5, with the usual answer, while the owner's address still signs in", async () => {
    const { email, password } = await owner();
    for (let i = 0; i < 5; i++) expect((await login(email, `guess ${i}`, '203.0.113.7')).json()).toEqual(BAD);
    const locked = await login(email, password, '203.0.113.7');
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual(LOCKED);

    const owners = await login(email, password, '198.51.100.20');
    expect(owners.statusCode, owners.body).toBe(200);
    expect(t.clock.slept).toEqual([]);

    t.clock.advance(t.ctx.config.lockout.lockSeconds);
    expect((await login(email, password, '203.0.113.7')).statusCode).toBe(200);
  });

  it('count as one network when they come from one IPv6 /64', async () => {
    const { email, password } = await owner();
    for (let i = 1; i <= 5; i++) expect((await login(email, 'guess', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
    expect((await login(email, password, '2001:db8:1:2:ffff::9')).json()).toEqual(LOCKED);
    expect((await login(email, password, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('only failures count: 20 sign-ins with the right password at once all get in', async () => {
    const { email, password } = await owner();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, password)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
  });

  it('20 wrong guesses at once get no more than 5 passwords checked', async () => {
    const { email, password } = await owner();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(email, `parallel guess ${i}`, '192.0.2.50')));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 423)).toHaveLength(15);
    expect((await login(email, password, '192.0.2.50')).statusCode).toBe(423);
  });

  it('hold across two auth servers on one database', async () => {
    const second = await createAuthServer(t.ctx);
    try {
      const via = (i: number) => (i % 2 ? second.app : t.auth.app);
      const { email, password } = await owner();
      const right = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          via(i).inject({ method: 'POST', url: '/login', payload: { email, password }, remoteAddress: '192.0.2.70' }),
        ),
      );
      expect(right.map((a) => a.statusCode)).toEqual(Array(20).fill(200));

      const wrong = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          via(i).inject({ method: 'POST', url: '/login', payload: { email, password: `guess ${i}` }, remoteAddress: '192.0.2.70' }),
        ),
      );
      const statuses = wrong.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 423)).toHaveLength(15);
    } finally {
      await second.app.close();
    }
  });

  it('the same holds for an unknown e-mail, with the same answers', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login('nobody@example.com', `guess ${i}`, '192.0.2.60')));
    const bodies = answers.map((a) => a.json());
    expect(bodies.filter((b) => b.code === 'BAD_CREDENTIALS')).toEqual(Array(5).fill(BAD));
    expect(bodies.filter((b) => b.code === 'ACCOUNT_LOCKED')).toEqual(Array(3).fill(LOCKED));
  });
});

describe('forgetting old failures', () => {
  it('keeps a lock that still runs and drops what no longer counts', async () => {
    const { email, password } = await owner();
    for (let i = 0; i < 5; i++) await login(email, 'guess', '203.0.113.80');
    const rows = () => t.ctx.db.selectFrom('login_failures').select('address').where('email', '=', email).execute();

    t.clock.advance(t.ctx.config.lockout.lockSeconds / 2);
    await purgeStaleFailures(t.ctx.db, t.ctx.config, t.clock.now());
    expect((await login(email, password, '203.0.113.80')).statusCode).toBe(423);

    t.clock.advance(t.ctx.config.lockout.lockSeconds / 2);
    await purgeStaleFailures(t.ctx.db, t.ctx.config, t.clock.now());
    expect(await rows()).toEqual([]);
    expect((await login(email, password, '203.0.113.80')).statusCode).toBe(200);
  });
});

describe('failures from many addresses', () => {
  /** Six addresses fail once each: more failures than one address is allowed. */
  async function spreadAttack(email: string) {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await login(email, 'guess', `198.18.0.${i}`)).statusCode);
    return statuses;
  }

  it('slow down every further try from an address that failed, longer each time, but not a fresh address', async () => {
    const { email, password } = await owner();
    expect(await spreadAttack(email)).toEqual(Array(6).fill(401));
    expect(t.clock.slept).toEqual([]);

    const started = t.clock.now().getTime();
    expect((await login(email, 'guess', '198.18.0.1')).statusCode).toBe(401);
    expect(t.clock.slept).toEqual([1000]);
    expect(t.clock.now().getTime() - started).toBe(1000);
    expect((await login(email, 'guess', '198.18.0.2')).statusCode).toBe(401);
    expect((await login(email, 'guess', '198.18.0.3')).statusCode).toBe(401);
    expect(t.clock.slept).toEqual([1000, 2000, 4000]);

    // The owner, from an address that has not failed, signs in at once.
    expect((await login(email, password, '192.0.2.99')).statusCode).toBe(200);
    // From an address that failed, the right password waits like a wrong one (or the wait would give it away).
    expect((await login(email, password, '198.18.0.4')).statusCode).toBe(200);
    expect(t.clock.slept).toEqual([1000, 2000, 4000, 8000]);
  });

  it('tell the owner by mail, once per lock period, saying how many tries and when', async () => {
    const { email } = await owner('Dana');
    await spreadAttack(email);
    for (let i = 0; i < 3; i++) await login(email, 'guess', '198.18.1.1');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Someone is trying to sign in to your Fieldbase account');
    expect(mails[0]!.text).toContain('Hello Dana,');
    expect(mails[0]!.text).toMatch(/6 failed sign-in attempts from 6 different network addresses/);
    expect(mails[0]!.text).toContain(`${t.clock.now().toISOString().slice(0, 10)}`);
    expect(mails[0]!.text).not.toContain('guess');

    t.clock.advance(t.ctx.config.lockout.lockSeconds + 1);
    await spreadAttack(email);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('tell the owner once even when the failures arrive at the same moment', async () => {
    const { email } = await owner();
    await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, 'guess', `198.19.0.${i + 1}`)));
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('treat an unknown e-mail exactly like a known one, minus the mail', async () => {
    const { email } = await owner();
    const run = async (target: string) => {
      const bodies: unknown[] = [];
      for (let i = 1; i <= 6; i++) bodies.push((await login(target, 'guess', `198.20.0.${i}`)).json());
      for (let i = 1; i <= 3; i++) bodies.push((await login(target, 'guess', `198.20.0.${i}`)).json());
      for (let i = 0; i < 5; i++) bodies.push((await login(target, 'guess', '198.20.0.1')).json());
      return { bodies, slept: t.clock.slept.splice(0) };
    };
    const known = await run(email);
    const unknown = await run('no-such-user@example.com');
    expect(unknown).toEqual(known);
    expect(known.bodies).toContainEqual(LOCKED);
    expect(await mailsTo('no-such-user@example.com')).toEqual([]);
  });
});
