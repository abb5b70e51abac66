/**
 * Polyglots: an image that is also HTML or carries a script, a photo that tells where it was
 * taken, a file that only starts like an image, a few bytes declaring billions of pixels, and a
 * PDF that runs a script when opened. Every image upload (document files, user and program
 * photos, permission files) keeps only the decoded pixels, written anew in the same format;
 * every stored file a guarded route answers is a sandboxed document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { attachFormType, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import { addProgram, programForm, sendForm } from '../support/programs.ts';
import { storedBytes, storedKeys } from '../support/stored-files.ts';
import {
  animatedGif,
  brokenPng,
  HTML_PAGE,
  jpegWithGps,
  PDF_WITH_SCRIPT,
  pngDeclaring,
  pngWithText,
  tinyGif,
  twoColourPng,
  webpImage,
} from '../support/images.ts';

/** Small, so a JPEG that grows when re-encoded can be shown to meet the limit too. */
const MAX_BYTES = 60_000;
const SCRIPT = '<script>alert(document.cookie)</script>';

let t: TestServer;
let world: DocumentWorld;
let kind: { typeId: string; revisionId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer({ config: { documentAttachmentMaxBytes: MAX_BYTES } });
  world = await makeDocumentWorld(t);
  kind = await attachFormType(t, world, [
    { field_label: 'Photo', field_name: 'photo', field_type: 'image' },
    { field_label: 'Papers', field_name: 'papers', field_type: 'files' },
  ]);
}, 60_000);
afterAll(() => t?.close());

/** Bytes an HTML page can be recognised by. */
const holdsPayload = (bytes: Buffer) => /<script|<html|<!doctype/i.test(bytes.toString('latin1'));

async function uploadAttachment(content: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const form = multipart([{ name: 'file', filename, contentType, content }]);
  return t.api.app.inject({
    method: 'POST',
    url: '/document/attachment',
    payload: form.payload,
    headers: { ...world.member.headers, ...form.headers },
  });
}

async function storedAttachment(name: string): Promise<Buffer> {
  const bytes = await storedBytes(t, `documents/${name}`);
  if (!bytes) throw new Error(`documents/${name} is not stored`);
  return bytes;
}

/**
 * Submits a document naming the files and answers one of them (the photo unless told) as
 * GET /document/{id}/attachment/{name} serves it.
 */
async function served(photo: string, papers: string[] = [], fetched = photo): Promise<LightMyRequestResponse> {
  const submitted = await t.api.app.inject({
    method: 'POST',
    url: '/document',
    headers: world.member.headers,
    payload: {
      local_id: `reencode-${++serial}`,
      program_id: world.program.id,
      module: 'beneficiaries',
      type_id: kind.typeId,
      form_revision_id: kind.revisionId,
      form_data: { photo, papers },
    },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = submitted.json()._id as string;
  return t.api.app.inject({ method: 'GET', url: `/document/${id}/attachment/${fetched}`, headers: world.member.headers });
}

async function attachmentRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from document_attachments`.execute(t.ctx.db);
  return rows[0]!.n;
}

const filesUnder = (folder: string) => storedKeys(t, folder);

describe('document files', () => {
  it('a PNG with an HTML page appended is stored and served as its pixels only', async () => {
    const image = twoColourPng(6, 4);
    const polyglot = Buffer.concat([image, HTML_PAGE]);
    expect(holdsPayload(polyglot)).toBe(true);
    const res = await uploadAttachment(polyglot);
    expect(res.statusCode, res.body).toBe(201);
    const { name, size } = res.json() as { name: string; size: number };
    const stored = await storedAttachment(name);
    expect(holdsPayload(stored)).toBe(false);
    expect(size).toBe(stored.length);

    const answer = await served(name);
    expect(answer.statusCode).toBe(200);
    expect(holdsPayload(answer.rawPayload)).toBe(false);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'png', width: 6, height: 4 });
    expect(answer.headers['content-security-policy']).toBe('sandbox');
  });

  it('a PNG with a script in a tEXt chunk loses the chunk', async () => {
    const polyglot = pngWithText(twoColourPng(5, 3), 'Comment', `<html><body>${SCRIPT}</body></html>`);
    expect((await sharp(polyglot).metadata()).width).toBe(5);
    const res = await uploadAttachment(polyglot);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await storedAttachment(res.json().name);
    expect(holdsPayload(stored)).toBe(false);
    expect(stored.includes('tEXt')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 5, height: 3 });
  });

  it('a JPEG loses its EXIF (GPS position, description) and is stored turned upright', async () => {
    const photo = await jpegWithGps();
    const before = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825) and the description are in the upload.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(photo.includes('home-of-the-respondent')).toBe(true);
    expect(before).toMatchObject({ width: 4, height: 2, orientation: 6 });

    const res = await uploadAttachment(photo, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const stored = await storedAttachment(res.json().name);
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes('Exif')).toBe(false);
    expect(stored.includes('home-of-the-respondent')).toBe(false);
    // Upright without the tag: the 4×2 picture turned a quarter.
    expect([after.width, after.height]).toEqual([2, 4]);
  });

  it('keeps each format (GIF with its frames, WebP) and stays in it', async () => {
    const gif = await uploadAttachment(Buffer.concat([await animatedGif(), HTML_PAGE]), 'a.gif', 'image/gif');
    expect(gif.statusCode, gif.body).toBe(201);
    const gifStored = await storedAttachment(gif.json().name);
    expect(holdsPayload(gifStored)).toBe(false);
    expect(await sharp(gifStored, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 3, width: 4, pageHeight: 4 });

    const webp = await uploadAttachment(await webpImage(3, 2), 'a.webp', 'image/webp');
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json().content_type).toBe('image/webp');
    expect(await sharp(await storedAttachment(webp.json().name)).metadata()).toMatchObject({ format: 'webp', width: 3, height: 2 });
  });

  it('refuses a file that only starts like a PNG (400 naming the field), storing nothing', async () => {
    const rows = await attachmentRows();
    const files = await filesUnder('documents');
    const res = await uploadAttachment(brokenPng());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { file: 'The image cannot be read' } });
    expect(await attachmentRows()).toBe(rows);
    expect(await filesUnder('documents')).toEqual(files);
  });

  it('refuses a few bytes declaring 50,000 × 50,000 pixels before decoding them, storing nothing', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    const rows = await attachmentRows();
    const files = await filesUnder('documents');
    const res = await uploadAttachment(bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toMatch(/^The image is too large: at most 50 million pixels/);
    expect(await attachmentRows()).toBe(rows);
    expect(await filesUnder('documents')).toEqual(files);
  });

  it('holds DOCUMENT_ATTACHMENT_MAX_BYTES for the re-encoded file too (413)', async () => {
    // Noise at quality 10 is small (about 43 kB); written anew at a photo's quality it doubles.
    const side = 700;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0, x = 7; i < noise.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      noise[i] = x >>> 24;
    }
    const small = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 10 })
      .toBuffer();
    expect(small.length).toBeLessThan(MAX_BYTES);
    const rows = await attachmentRows();
    const res = await uploadAttachment(small, 'noise.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('TOO_LARGE');
    expect(await attachmentRows()).toBe(rows);
  });

  it('serves a PDF with an /OpenAction script as a sandboxed download', async () => {
    const photo = (await uploadAttachment(twoColourPng(2, 2))).json().name as string;
    const pdf = await uploadAttachment(PDF_WITH_SCRIPT, 'form.pdf', 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    const answer = await served(photo, [pdf.json().name], pdf.json().name);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('user and program photos', () => {
  it('a user photo with an HTML page appended is served as its pixels only; a broken one and a bomb are refused (400)', async () => {
    const admin = world.admin;
    const upload = (content: Buffer) => {
      const body = photoUpload(content);
      return t.auth.app.inject({
        method: 'PATCH',
        url: `/user/upload/${world.member.id}`,
        payload: body.payload,
        headers: { ...admin.headers, ...body.headers },
      });
    };
    const res = await upload(Buffer.concat([twoColourPng(7, 5), HTML_PAGE]));
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo as string;
    const answer = await t.auth.app.inject({ method: 'GET', url: `/${photo}` });
    expect(answer.statusCode).toBe(200);
    expect(holdsPayload(answer.rawPayload)).toBe(false);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'png', width: 7, height: 5 });
    expect(answer.headers['content-security-policy']).toBe('sandbox');

    const files = await filesUnder('users');
    for (const [content, message] of [
      [brokenPng(), 'The image cannot be read'],
      [pngDeclaring(50_000, 50_000), 'The image is too large: at most 50 million pixels'],
    ] as const) {
      const refused = await upload(content);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toEqual({ photo: message });
    }
    expect(await filesUnder('users')).toEqual(files);
    expect((await t.auth.app.inject({ method: 'GET', url: `/${photo}` })).statusCode).toBe(200);
  });

  it('a program image that is a GIF and an HTML page is stored as a GIF only', async () => {
    const admin = world.admin;
    const program = await addProgram(t, admin.token, {}, Buffer.concat([tinyGif(), HTML_PAGE]));
    const answer = await t.api.app.inject({ method: 'GET', url: `/${program.photo}` });
    expect(answer.statusCode).toBe(200);
    expect(holdsPayload(answer.rawPayload)).toBe(false);
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'gif', width: 1, height: 1 });

    const broken = await sendForm(t, 'POST', '/program', admin.token, programForm({}, brokenPng()));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields).toEqual({ photo: 'The image cannot be read' });
  });
});

describe('permission files', () => {
  const send = (content: Buffer, filename: string, contentType: string) => {
    const form = multipart([
      { name: 'name', value: `Consent ${++serial}` },
      { name: 'file', filename, contentType, content },
    ]);
    return t.api.app.inject({
      method: 'POST',
      url: '/permission',
      payload: form.payload,
      headers: { ...world.admin.headers, ...form.headers },
    });
  };
  const fileOf = (id: string) => t.api.app.inject({ method: 'GET', url: `/permission/${id}/file`, headers: world.admin.headers });

  it('an image is stored as its pixels only; a PDF with a script is answered sandboxed', async () => {
    const image = await send(pngWithText(twoColourPng(3, 3), 'Comment', SCRIPT), 'scan.png', 'image/png');
    expect(image.statusCode, image.body).toBe(201);
    const imageFile = await fileOf(image.json()._id);
    expect(holdsPayload(imageFile.rawPayload)).toBe(false);
    expect(image.json().size).toBe(imageFile.rawPayload.length);
    expect(await sharp(imageFile.rawPayload).metadata()).toMatchObject({ format: 'png', width: 3, height: 3 });

    const pdf = await send(PDF_WITH_SCRIPT, 'consent.pdf', 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    const pdfFile = await fileOf(pdf.json()._id);
    expect(pdfFile.statusCode).toBe(200);
    expect(pdfFile.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
    expect(pdfFile.headers['content-disposition']).toMatch(/^attachment;/);

    const broken = await send(brokenPng(), 'scan.png', 'image/png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields).toEqual({ file: 'The image cannot be read' });
  });
});
