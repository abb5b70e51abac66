/**
 * A document's files: uploaded first (POST /document/attachment, told by content and size),
 * claimed by the submission that names them (only the uploader's, only once), served only to
 * callers who may read the document, and removed with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { flags } from '../support/test-users.ts';
import { multipart } from '../support/multipart.ts';
import sharp from 'sharp';
import { tinyGif, tinyJpeg, tinyPng, webpImage } from '../support/images.ts';
import { attachFormType, makeDocumentWorld, personWith, type DocumentWorld, type SignedIn } from '../support/documents.ts';
import { isStored, storedBytes } from '../support/stored-files.ts';

const MAX_BYTES = 40_000;
let t: TestServer;
let world: DocumentWorld;
let kind: { typeId: string; revisionId: string };
let stranger: SignedIn;
let serial = 0;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n');
const WAVE = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WAVEfmt '), Buffer.alloc(14, 1)]);

beforeAll(async () => {
  t = await startTestServer({ config: { documentAttachmentMaxBytes: MAX_BYTES } });
  world = await makeDocumentWorld(t);
  kind = await attachFormType(t, world, [
    { field_label: 'Name', field_name: 'name', field_type: 'text' },
    { field_label: 'Photo', field_name: 'photo', field_type: 'image' },
    { field_label: 'Signature', field_name: 'signature', field_type: 'signature' },
    { field_label: 'Papers', field_name: 'papers', field_type: 'files' },
    {
      field_label: 'Rooms',
      field_name: 'rooms',
      field_type: 'field-group',
      validation: { is_repeater: true, max_repeater: 5 },
      extra_details: { fields: [{ field_label: 'Room photo', field_name: 'room_photo', field_type: 'image' }] },
    },
  ]);
  stranger = await personWith(t, world, 'Stranger', flags(false, { can_access_mobile: true, can_add_document: true }), {
    client: 'mobile',
    team: false,
  });
});
afterAll(() => t?.close());

async function upload(who: { headers: object }, content: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const form = multipart([{ name: 'file', filename, contentType, content }]);
  return t.api.app.inject({
    method: 'POST',
    url: '/document/attachment',
    payload: form.payload,
    headers: { ...(who.headers as Record<string, string>), ...form.headers },
  });
}

async function uploaded(who: { headers: object }, content: Buffer = tinyPng()): Promise<string> {
  const res = await upload(who, content);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().name;
}

const submit = (who: { headers: object }, form_data: Record<string, unknown>) =>
  t.api.app.inject({
    method: 'POST',
    url: '/document',
    headers: who.headers as Record<string, string>,
    payload: {
      local_id: `attachment-${++serial}`,
      program_id: world.program.id,
      module: 'beneficiaries',
      type_id: kind.typeId,
      form_revision_id: kind.revisionId,
      form_data,
    },
  });

const fetchFile = (who: { headers: object }, id: string, name: string) =>
  t.api.app.inject({ method: 'GET', url: `/document/${id}/attachment/${name}`, headers: who.headers as Record<string, string> });

const stored = (name: string) => isStored(t, `documents/${name}`);

describe('POST /document/attachment', () => {
  it('takes PNG, JPEG, GIF, WebP and PDF by their content, answering a new name, the kind and the size as stored', async () => {
    for (const [content, type, ext] of [
      [tinyPng(), 'image/png', 'png'],
      [tinyJpeg(), 'image/jpeg', 'jpg'],
      [tinyGif(), 'image/gif', 'gif'],
      [await webpImage(), 'image/webp', 'webp'],
      [PDF, 'application/pdf', 'pdf'],
    ] as const) {
      // Whatever the name and type the client claims.
      const res = await upload(world.member, content, 'scan.bin', 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        name: expect.stringMatching(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`)),
        content_type: type,
        size: expect.any(Number),
      });
      expect(await stored(res.json().name)).toBe(true);
      // Images are written anew (image-reencode.test.ts); a PDF as sent.
      expect(res.json().size).toBe((await storedBytes(t, `documents/${res.json().name}`))?.length);
      if (type === 'application/pdf') expect(res.json().size).toBe(content.length);
    }
  });

  it('refuses a .png that is text, and a RIFF file that is no WebP (415), storing nothing', async () => {
    const before = (await sql<{ n: string }>`select count(*) as n from document_attachments`.execute(t.ctx.db)).rows[0]!.n;
    for (const content of [Buffer.from('just some text, not an image\n'), WAVE]) {
      const res = await upload(world.member, content, 'photo.png', 'image/png');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE', fields: { file: 'Choose a PNG, JPEG, GIF, WebP or PDF file' } });
    }
    expect((await sql<{ n: string }>`select count(*) as n from document_attachments`.execute(t.ctx.db)).rows[0]!.n).toBe(before);
  });

  it('refuses a file over DOCUMENT_ATTACHMENT_MAX_BYTES with 413', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(MAX_BYTES, 7)]);
    const res = await upload(world.member, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
    expect((await upload(world.member, Buffer.concat([tinyPng(), Buffer.alloc(MAX_BYTES - 200, 7)]))).statusCode).toBe(201);
  });

  it('needs can_add_document', async () => {
    const reader = await personWith(t, world, 'Reader', flags(false, { can_access_dashboard: true }));
    const res = await upload(reader, tinyPng());
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_add_document');
  });
});

describe('attachments named by a document', () => {
  it('claims the uploads it names (also inside a field group) and serves them to its readers only', async () => {
    const photo = await uploaded(world.member);
    const signature = await uploaded(world.member);
    const paper = await uploaded(world.member, PDF);
    const room = await uploaded(world.member, tinyJpeg());
    const res = await submit(world.member, { name: 'A', photo, signature, papers: [paper], rooms: [{ room_photo: room }] });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();

    const image = await fetchFile(world.member, doc._id, photo);
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': expect.stringContaining('private'),
    });
    expect(image.headers['content-disposition']).toMatch(/^inline/);
    const pdf = await fetchFile(world.member, doc._id, paper);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect((await fetchFile(world.admin, doc._id, room)).statusCode).toBe(200);

    // A field worker who may not read the document gets 404, as for a file that does not exist.
    expect((await fetchFile(stranger, doc._id, photo)).statusCode).toBe(404);
    // A file the document does not name is not served through it.
    const [other] = await world.submit();
    expect((await fetchFile(world.member, other!._id, photo)).statusCode).toBe(404);
  });

  it("refuses a name that is no upload, someone else's upload, and one another document holds, naming the field", async () => {
    const notUploaded = await submit(world.member, { photo: '00000000-0000-4000-8000-000000000000.png' });
    expect(notUploaded.statusCode).toBe(400);
    expect(notUploaded.json().fields).toEqual({ photo: 'Photo is not an uploaded file' });

    const theirs = await uploaded(world.admin);
    const stolen = await submit(world.member, { signature: theirs });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual({ signature: 'Signature is not an uploaded file' });

    const mine = await uploaded(world.member);
    expect((await submit(world.member, { photo: mine })).statusCode).toBe(201);
    const again = await submit(world.member, { rooms: [{ room_photo: mine }] });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ rooms: 'Rooms is not an uploaded file' });
  });

  it('a change keeps the files it still names and removes the others; a delete removes them all', async () => {
    const first = await uploaded(world.member);
    const second = await uploaded(world.member);
    const doc = (await submit(world.member, { photo: first, signature: second })).json();
    const replacement = await uploaded(world.member);
    const changed = await t.api.app.inject({
      method: 'PATCH',
      url: `/document/${doc._id}`,
      headers: world.member.headers,
      payload: { form_data: { photo: replacement, signature: second } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await stored(first)).toBe(false);
    expect((await fetchFile(world.member, doc._id, first)).statusCode).toBe(404);
    expect((await fetchFile(world.member, doc._id, replacement)).statusCode).toBe(200);

    expect((await t.api.app.inject({ method: 'DELETE', url: `/document/${doc._id}`, headers: world.member.headers })).statusCode).toBe(204);
    expect([await stored(second), await stored(replacement)]).toEqual([false, false]);
    const { rows } = await sql`select name from document_attachments where name in (${second}, ${replacement})`.execute(t.ctx.db);
    expect(rows).toEqual([]);
  });
});

describe('uploads no document claims', () => {
  it(`a user holds at most 50 at once (429 UPLOADS_BUSY); a submission that claims one frees a place`, async () => {
    const busy = await personWith(t, world, 'Busy uploader', flags(false, { can_access_mobile: true, can_add_document: true }), {
      client: 'mobile',
    });
    const names: string[] = [];
    for (let i = 0; i < 50; i++) names.push(await uploaded(busy));
    const refused = await upload(busy, tinyPng());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('UPLOADS_BUSY');
    // Someone else is not held back by it.
    expect((await upload(world.member, tinyPng())).statusCode).toBe(201);
    expect((await submit(busy, { photo: names[0] })).statusCode).toBe(201);
    expect((await upload(busy, tinyPng())).statusCode).toBe(201);
    expect((await upload(busy, tinyPng())).statusCode).toBe(429);
  });

  it('are deleted, row and file, once older than DOCUMENT_UPLOAD_TTL_HOURS; claimed and newer ones stay', async () => {
    expect(t.ctx.config.documentUploadTtlHours).toBe(24);
    const claimed = await uploaded(world.member);
    const doc = (await submit(world.member, { photo: claimed })).json();
    const old = await uploaded(world.member);
    const young = await uploaded(world.member);
    // Their ages, as the clock would have made them (advancing it would end the sessions).
    const hoursAgo = (hours: number) => new Date(t.clock.now().getTime() - hours * 3600 * 1000);
    const age = (name: string, at: Date) => sql`update document_attachments set created_at = ${at} where name = ${name}`.execute(t.ctx.db);
    await age(old, hoursAgo(23.9));
    await age(young, hoursAgo(23.9));
    await t.ctx.jobs.runTask('document-upload-sweep');
    expect(await stored(old)).toBe(true);
    await age(old, hoursAgo(24.01));
    await age(claimed, hoursAgo(30));
    await t.ctx.jobs.runTask('document-upload-sweep');
    expect(await stored(old)).toBe(false);
    expect((await sql`select 1 from document_attachments where name = ${old}`.execute(t.ctx.db)).rows).toEqual([]);
    expect((await submit(world.member, { photo: old })).statusCode).toBe(400);
    expect(await stored(young)).toBe(true);
    expect(await stored(claimed)).toBe(true);
    expect((await fetchFile(world.member, doc._id, claimed)).statusCode).toBe(200);
    expect((await submit(world.member, { photo: young })).statusCode).toBe(201);
  });
});
