/**
 * The organisation's settings (auth server) and the Support page's health (api server): one row
 * read and changed by a role with can_manage_settings, checked field by field; the logo
 * re-encoded and served to anyone with the name (the login page shows both before sign-in); a
 * test e-mail that says where it went; the version, database size, jobs and disk free for
 * can_see_support.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { multipart } from '../support/multipart.ts';
import { HTML_PAGE, pngWithText, tinyPng } from '../support/images.ts';
import { readOutbox } from '../support/outbox.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';

let t: TestServer;
let admin: Session;
let manager: Session;
const auth = caller(() => t.auth.app);
const api = caller(() => t.api.app);

const logoUpload = (content: Buffer, filename = 'logo.png') => multipart([{ name: 'logo', filename, contentType: 'image/png', content }]);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // Everything but the two settings flags: a program manager, say.
  const role = await insertRole(t.ctx.db, {
    permission: flags(true, {
      can_manage_settings: false,
      can_see_support: false,
    }),
  });
  await insertUser(t.ctx.db, {
    email: 'manager@example.com',
    password: 'manager passphrase 1',
    roleId: role.id,
  });
  manager = await t.loginAs('manager@example.com', 'manager passphrase 1');
});
afterAll(() => t?.close());

describe('settings', () => {
  it('start as Fieldbase in English, UTC, with no logo and the server’s map tiles', async () => {
    const res = await auth('GET', '/settings', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      organisation_name: 'Fieldbase',
      default_language: 'en',
      time_zone: 'UTC',
      map_tiles_url: null,
      logo: null,
    });
  });

  it('are changed and read back by the Admin role, which holds the new flag', async () => {
    expect(admin.user.role.permission.can_manage_settings).toBe(true);
    const res = await auth('PATCH', '/settings', {
      token: admin.token,
      payload: {
        organisation_name: '  Green Valley Trust ',
        default_language: 'fr',
        time_zone: 'Africa/Nairobi',
        map_tiles_url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      organisation_name: 'Green Valley Trust',
      default_language: 'fr',
      time_zone: 'Africa/Nairobi',
    });
    const again = await auth('GET', '/settings', { token: admin.token });
    expect(again.json()).toMatchObject({
      organisation_name: 'Green Valley Trust',
      map_tiles_url: 'https://tiles.example.org/{z}/{x}/{y}.png',
    });
    // 'none' turns maps off; null gives the choice back to the server's MAP_TILES_URL.
    for (const map_tiles_url of ['none', null]) {
      const set = await auth('PATCH', '/settings', {
        token: admin.token,
        payload: { map_tiles_url },
      });
      expect(set.json().map_tiles_url).toBe(map_tiles_url);
    }
  });

  it.each([
    [{ organisation_name: '   ' }, 'organisation_name', 'Organisation name is required'],
    [{ organisation_name: 'x'.repeat(81) }, 'organisation_name', 'at most 80 characters'],
    [{ default_language: 'klingon' }, 'default_language', 'must be one of English, French'],
    [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'Unknown time zone'],
    [{ map_tiles_url: 'https://tiles.example.org/tile.png' }, 'map_tiles_url', '{z}, {x} and {y}'],
    [{ map_tiles_url: 'javascript:alert(1)//{z}{x}{y}' }, 'map_tiles_url', 'http(s) address'],
    [{ logo: 'settings/logo' }, 'logo', 'not a field that can be set here'],
  ])('refuse %j with a 400 naming the field, and keep what was saved', async (payload, field, words) => {
    const before = (await auth('GET', '/settings', { token: admin.token })).json();
    const res = await auth('PATCH', '/settings', {
      token: admin.token,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toContain(words);
    expect((await auth('GET', '/settings', { token: admin.token })).json()).toEqual(before);
  });

  it('are refused to a role without can_manage_settings, naming the flag', async () => {
    const res = await auth('PATCH', '/settings', {
      token: manager.token,
      payload: { organisation_name: 'Taken over' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'can_manage_settings',
    });
  });
});

describe('the logo', () => {
  it('is re-encoded (its text chunks dropped) and served with the name to anyone, without a session', async () => {
    const marked = pngWithText(tinyPng([0, 128, 0]), 'Comment', 'secret-gps-42');
    const { payload, headers } = logoUpload(marked);
    const res = await auth('PUT', '/settings/logo', {
      token: admin.token,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(/^settings\/logo\?v=\d+$/);

    const open = await auth('GET', '/settings/public');
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      organisation_name: expect.any(String),
      default_language: expect.any(String),
      logo,
    });

    const image = await auth('GET', `/${logo}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toBe('sandbox');
    expect(image.rawPayload.includes(Buffer.from('secret-gps-42'))).toBe(false);
    const { width, height } = await sharp(image.rawPayload).metadata();
    expect([width, height]).toEqual([1, 1]);
  });

  it('gets a new address when replaced, so no cache shows the old one, and is gone once removed', async () => {
    const first = (await auth('GET', '/settings/public')).json().logo;
    const { payload, headers } = logoUpload(tinyPng([0, 0, 255]));
    const second = (
      await auth('PUT', '/settings/logo', {
        token: admin.token,
        payload,
        headers,
      })
    ).json().logo;
    expect(second).not.toBe(first);
    const removed = await auth('DELETE', '/settings/logo', {
      token: admin.token,
    });
    expect(removed.json().logo).toBeNull();
    expect((await auth('GET', '/settings/logo')).statusCode).toBe(404);
  });

  it('refuses what is not an image (415) and an image that does not decode (400), keeping the logo it had', async () => {
    const { payload, headers } = logoUpload(tinyPng());
    const kept = (
      await auth('PUT', '/settings/logo', {
        token: admin.token,
        payload,
        headers,
      })
    ).json().logo;
    const html = logoUpload(HTML_PAGE, 'logo.png');
    const page = await auth('PUT', '/settings/logo', {
      token: admin.token,
      ...html,
    });
    expect(page.statusCode).toBe(415);
    expect(page.json().fields.logo).toContain('PNG, GIF or JPEG');
    const broken = logoUpload(Buffer.concat([tinyPng().subarray(0, 40), Buffer.alloc(20)]));
    const unreadable = await auth('PUT', '/settings/logo', {
      token: admin.token,
      ...broken,
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().fields.logo).toBe('The image cannot be read');
    const none = await auth('PUT', '/settings/logo', {
      token: admin.token,
      ...multipart([{ name: 'note', value: 'no file' }]),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.logo).toContain('Choose a logo');
    expect((await auth('GET', '/settings/public')).json().logo).toBe(kept);
  });
});

describe('the test e-mail', () => {
  it('goes to the caller’s own address and says where it went', async () => {
    const res = await auth('POST', '/settings/test-email', {
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sent: true,
      to: ADMIN_EMAIL,
      via: `outbox folder ${t.outboxDir}`,
    });
    const mails = await readOutbox(t.outboxDir);
    expect(mails.some((m) => m.to === ADMIN_EMAIL && m.subject === 'Fieldbase test e-mail')).toBe(true);
  });

  it('says why not when the mail server refuses it', async () => {
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
    };
    try {
      const res = await auth('POST', '/settings/test-email', {
        token: admin.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        sent: false,
        to: ADMIN_EMAIL,
        reason: 'connect ECONNREFUSED 127.0.0.1:2525',
      });
    } finally {
      t.ctx.mailer.send = send;
    }
  });
});

describe('support', () => {
  it('answers the version, the database size, the jobs waiting and failed, and the disk free under DATA_DIR', async () => {
    const res = await api('GET', '/support', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const health = res.json();
    expect(health.version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    expect(health.database.bytes).toBeGreaterThan(1_000_000);
    expect(health.jobs).toEqual({
      waiting: expect.any(Number),
      running: expect.any(Number),
      failed: expect.any(Number),
    });
    expect(health.disk.path).toBe(t.ctx.config.dataDir);
    expect(health.disk.free_bytes).toBeGreaterThan(0);
    expect(health.disk.total_bytes).toBeGreaterThanOrEqual(health.disk.free_bytes);
    const { s3Url, uploadsDir, dataDir } = t.ctx.config;
    // The object store's address without its key and secret, or the disk's two folders.
    if (s3Url) expect(health.files.where).toBe(`S3, ${s3Url.replace(/\/\/[^@]*@/, '//')}`);
    else expect(health.files.where).toBe(`disk, ${uploadsDir} (uploads); disk, ${dataDir}/exports (exports)`);
  });

  it('counts a job that failed and one waiting', async () => {
    const before = (await api('GET', '/support', { token: admin.token })).json().jobs;
    await insertJob('created');
    await insertJob('failed');
    const after = (await api('GET', '/support', { token: admin.token })).json().jobs;
    expect(after.waiting).toBe(before.waiting + 1);
    expect(after.failed).toBe(before.failed + 1);
  });

  it('is refused to a role without can_see_support; the README it links to is open', async () => {
    const res = await api('GET', '/support', { token: manager.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_see_support');
    const readme = await api('GET', '/readme');
    expect(readme.statusCode).toBe(200);
    expect(readme.body).toContain('# Fieldbase');
  });
});

/** A job row as pg-boss keeps it, in a queue of its own that no worker reads. */
async function insertJob(state: 'created' | 'failed') {
  await sql`select pgboss.create_queue('support-test', '{}'::json) where not exists (select 1 from pgboss.queue where name = 'support-test')`.execute(
    t.ctx.db,
  );
  await sql`insert into pgboss.job (name, state, data) values ('support-test', ${state}::pgboss.job_state, '{}'::jsonb)`.execute(t.ctx.db);
}
