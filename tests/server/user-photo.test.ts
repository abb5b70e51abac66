/**
 * The user photo (spec 1 §5, §7): PATCH /user/upload/{id} takes a multipart "photo",
 * accepts PNG, GIF and JPEG by their content, refuses anything else and anything too large with
 * nothing left on disk, and GET /uploads/… on the auth server serves the picture back (written
 * anew: tests/server/image-reencode.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { caller, secretsIn } from '../support/http.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import sharp from 'sharp';
import { HTML_PAGE, oversizedPng, paddedPng, SVG_IMAGE, tinyGif, tinyJpeg, tinyPng } from '../support/images.ts';
import { PHOTO_MAX_BYTES } from '../../server/auth/photos.ts';
import { isStored, storedKeysIn } from '../support/stored-files.ts';

let t: TestServer;
let admin: Session;
let target: { id: string };
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const role = await insertRole(t.ctx.db, { role: 'Photographed', permission: flags(false, { can_access_dashboard: true }) });
  target = await insertUser(t.ctx.db, { email: 'photo@example.com', password: 'photo passphrase', roleId: role.id });
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);

/** Uploads as the admin, or with `token` (null: none). */
function upload(userId: string, body: { payload: Buffer; headers: Record<string, string> }, token: string | null = admin.token) {
  return call('PATCH', `/user/upload/${userId}`, { token: token ?? undefined, payload: body.payload, headers: body.headers });
}

/** Every stored upload, in every folder, as its key ("users/….png"). */
const storedFiles = () => storedKeysIn(t);
const stored = (photo: string) => isStored(t, photo.replace(/^uploads\//, ''));
const currentPhoto = async () => (await call('GET', `/user/${target.id}`, { token: admin.token })).json().photo as string | null;

/** Runs `attempt` and checks that the uploads folder and the user's photo are exactly as before. */
async function expectNothingStored(attempt: () => Promise<LightMyRequestResponse>, status: number) {
  const before = await storedFiles();
  const photoBefore = await currentPhoto();
  const res = await attempt();
  expect(res.statusCode).toBe(status);
  expect(await storedFiles()).toEqual(before);
  expect(await currentPhoto()).toBe(photoBefore);
  return res;
}

describe('accepted photos', () => {
  const kinds = [
    { kind: 'PNG', bytes: tinyPng(), ext: 'png', filename: 'me.png', type: 'image/png' },
    { kind: 'GIF', bytes: tinyGif(), ext: 'gif', filename: 'me.gif', type: 'image/gif' },
    { kind: 'JPEG', bytes: tinyJpeg(), ext: 'jpg', filename: 'me.jpeg', type: 'image/jpeg' },
  ];
  let previous: string | null = null;

  for (const { kind, bytes, ext, filename, type } of kinds) {
    it(`stores a ${kind}, answers the user with its path, serves the same picture, and removes the photo it replaces`, async () => {
      const res = await upload(target.id, photoUpload(bytes, filename, type));
      expect(res.statusCode, res.body).toBe(200);
      const user = res.json();
      expect(secretsIn(user)).toEqual([]);
      expect(user).toMatchObject({ _id: target.id, email: 'photo@example.com', role: { role: 'Photographed' } });
      expect(user.photo).toMatch(new RegExp(`^uploads/users/[^/]+\\.${ext}$`));
      expect(await currentPhoto()).toBe(user.photo);

      const served = await t.auth.app.inject({ method: 'GET', url: `/${user.photo}` }); // no token: <img> sends none
      expect(served.statusCode).toBe(200);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: (await sharp(bytes).metadata()).format,
        width: 1,
        height: 1,
      });
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');

      expect(await stored(user.photo)).toBe(true);
      if (previous) {
        expect(await stored(previous)).toBe(false);
        expect((await t.auth.app.inject({ method: 'GET', url: `/${previous}` })).statusCode).toBe(404);
      }
      expect(await storedFiles()).toEqual([user.photo.replace(/^uploads\//, '')]);
      previous = user.photo;
    });
  }

  it('judges by content, not by name or declared type: a PNG sent as "photo.txt", text/plain is stored as .png', async () => {
    const res = await upload(target.id, photoUpload(tinyPng([0, 255, 0]), 'photo.txt', 'text/plain'));
    expect(res.statusCode).toBe(200);
    expect(res.json().photo).toMatch(/\.png$/);
  });

  it(`accepts a photo of exactly ${PHOTO_MAX_BYTES} bytes`, async () => {
    const res = await upload(target.id, photoUpload(paddedPng(PHOTO_MAX_BYTES)));
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.auth.app.inject({ method: 'GET', url: `/${res.json().photo}` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
  });
});

describe('refused photos leave nothing on disk', () => {
  it('an HTML page renamed .png and sent as image/png: 415', async () => {
    const res = await expectNothingStored(() => upload(target.id, photoUpload(HTML_PAGE, 'cat.png', 'image/png')), 415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_PHOTO',
      message: 'The photo must be a PNG, GIF or JPEG image',
      fields: { photo: 'Choose a PNG, GIF or JPEG image' },
    });
  });

  it('an SVG image: 415', async () => {
    await expectNothingStored(() => upload(target.id, photoUpload(SVG_IMAGE, 'logo.svg', 'image/svg+xml')), 415);
    await expectNothingStored(() => upload(target.id, photoUpload(SVG_IMAGE, 'logo.png', 'image/png')), 415);
  });

  it('a file that starts like a PNG but is one byte over the limit: 413', async () => {
    const res = await expectNothingStored(() => upload(target.id, photoUpload(oversizedPng(PHOTO_MAX_BYTES + 1))), 413);
    expect(res.json()).toMatchObject({
      code: 'PHOTO_TOO_LARGE',
      message: 'The photo is larger than 2 MB',
      fields: { photo: 'The photo is too large' },
    });
  });

  it('a much larger one: 413', async () => {
    await expectNothingStored(() => upload(target.id, photoUpload(oversizedPng(5 * 1024 * 1024))), 413);
  });

  it('an empty file: 415', async () => {
    await expectNothingStored(() => upload(target.id, photoUpload(Buffer.alloc(0))), 415);
  });

  it('no file at all: 400 asking for a photo', async () => {
    const onlyText = multipart([{ name: 'preview', value: 'null' }]);
    const res = await expectNothingStored(() => upload(target.id, onlyText), 400);
    expect(res.json().fields).toEqual({ photo: 'Choose a photo' });

    const json = await expectNothingStored(
      () => call('PATCH', `/user/upload/${target.id}`, { token: admin.token, payload: { photo: 'uploads/users/x.png' } }),
      400,
    );
    expect(json.json().fields).toEqual({ photo: 'Choose a photo' });
  });

  it('a file under another field name: 400', async () => {
    const other = multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', content: tinyPng() }]);
    await expectNothingStored(() => upload(target.id, other), 400);
  });

  it('an unknown user: 404', async () => {
    const res = await expectNothingStored(() => upload('00000000-0000-4000-8000-000000000000', photoUpload(tinyPng())), 404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
  });

  it('no token: 401, and a role without can_edit_user: 403', async () => {
    await expectNothingStored(() => upload(target.id, photoUpload(tinyPng()), null), 401);
    const role = await insertRole(t.ctx.db, { role: 'No Edit', permission: flags(true, { can_edit_user: false }) });
    await insertUser(t.ctx.db, { email: 'no-edit@example.com', password: 'no edit passphrase', roleId: role.id });
    const session = await t.loginAs('no-edit@example.com', 'no edit passphrase');
    const res = await expectNothingStored(() => upload(target.id, photoUpload(tinyPng()), session.token), 403);
    expect(res.json().permission).toBe('can_edit_user');
  });
});

describe('a deleted user', () => {
  it('no longer has a photo served: its URL answers 404, and the file is gone', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Leaving Soon', permission: flags(false, { can_access_dashboard: true }) });
    const leaving = await insertUser(t.ctx.db, { email: 'leaving@example.com', password: 'leaving passphrase', roleId: role.id });
    const photo = (await upload(leaving.id, photoUpload(tinyPng([9, 9, 9])))).json().photo as string;
    expect((await t.auth.app.inject({ method: 'GET', url: `/${photo}` })).statusCode).toBe(200);

    const deleted = await call('DELETE', `/user/${leaving.id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().photo).toBeNull();
    expect((await t.auth.app.inject({ method: 'GET', url: `/${photo}` })).statusCode).toBe(404);
    expect(await stored(photo)).toBe(false);
    // And a photo sent after the deletion is refused, with nothing stored.
    await expectNothingStored(() => upload(leaving.id, photoUpload(tinyPng())), 404);
  });
});
