/**
 * A sign-in whose password check overlaps a password change: the session must not outlive the
 * change that ends every session. And two writes that cross in the database answer "try again",
 * not a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { insertUser, roleIdBySlug } from '../support/test-users.ts';
import { holdLocks, untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';
import { caller } from '../support/http.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { problemFor } from '../../server/http/error-answers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);

it('a password changed while a sign-in checks the old one: the sign-in is refused and opens no session', async () => {
  const role = await roleIdBySlug(t.ctx.db, 'program-manager');
  const user = await insertUser(t.ctx.db, { email: 'overlap@example.com', password: 'the old passphrase', roleId: role });
  const newHash = await hashPassword('the new passphrase');

  // A reset in flight: it holds the user's row while the sign-in checks the old password.
  const commitReset = await holdLocks(
    t.ctx.db,
    (trx) => trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute(),
    (trx) => trx.updateTable('users').set({ password_hash: newHash }).where('id', '=', user.id).execute(),
  );

  const signIn = call('POST', '/login', { payload: { email: user.email, password: 'the old passphrase' } });
  await untilSomeoneWaitsOnALock(t.ctx.db, 'the sign-in');
  await commitReset();

  const answer = await signIn;
  expect(answer.statusCode, answer.body).toBe(401);
  expect(answer.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
  const sessions = await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
  expect(sessions).toHaveLength(0);
  expect((await call('POST', '/login', { payload: { email: user.email, password: 'the new passphrase' } })).statusCode).toBe(200);
});

it('a deadlock or serialization failure answers 503 "try again", never a 500', () => {
  for (const code of ['40P01', '40001']) {
    const error = new pg.DatabaseError('crossed', 0, 'error');
    error.code = code;
    const problem = problemFor(error);
    expect(problem?.status).toBe(503);
    expect(problem?.toBody()).toMatchObject({ code: 'TRY_AGAIN' });
  }
});
