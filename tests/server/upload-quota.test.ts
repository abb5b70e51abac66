/**
 * Uploads no document has claimed yet are bounded per user by their bytes as well as their
 * count: past DOCUMENT_UPLOAD_QUOTA_BYTES (counted as stored, after an image is re-encoded) an
 * upload answers 429 UPLOAD_QUOTA_FULL and stores nothing; a submission that claims files
 * gives their bytes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { flags } from '../support/test-users.ts';
import { attachFormType, makeDocumentWorld, personWith, type DocumentWorld, type SignedIn } from '../support/documents.ts';
import { multipart } from '../support/multipart.ts';
import { HTML_PAGE, tinyPng } from '../support/images.ts';
import { storedKeys } from '../support/stored-files.ts';

const QUOTA = 10_000;
let t: TestServer;
let world: DocumentWorld;
let kind: { typeId: string; revisionId: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestServer({ config: { documentUploadQuotaBytes: QUOTA } });
  world = await makeDocumentWorld(t);
  kind = await attachFormType(t, world, [{ field_label: 'Papers', field_name: 'papers', field_type: 'files' }]);
}, 60_000);
afterAll(() => t?.close());

/** A PDF of exactly `bytes` bytes (PDFs are stored as sent). */
const pdfOf = (bytes: number) => {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
};

function upload(who: SignedIn, content: Buffer, contentType = 'application/pdf') {
  const form = multipart([{ name: 'file', filename: 'f', contentType, content }]);
  return t.api.app.inject({
    method: 'POST',
    url: '/document/attachment',
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
}

const documentFiles = () => storedKeys(t, 'documents');
const rowsOf = async (who: SignedIn) =>
  (await sql<{ n: number }>`select count(*)::int as n from document_attachments where uploaded_by = ${who.id}`.execute(t.ctx.db)).rows[0]!
    .n;

const newUploader = () =>
  personWith(t, world, `Uploader`, flags(false, { can_access_mobile: true, can_add_document: true }), { client: 'mobile' });

describe('DOCUMENT_UPLOAD_QUOTA_BYTES', () => {
  it('refuses the upload that would take unclaimed files past the quota (429), storing nothing; claiming frees it', async () => {
    const uploader = await newUploader();
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await upload(uploader, pdfOf(4_000));
      expect(res.statusCode, res.body).toBe(201);
      names.push(res.json().name);
    }
    // 8,000 held; 4,000 more would make 12,000 > 10,000, with far fewer than 50 files.
    const files = await documentFiles();
    const refused = await upload(uploader, pdfOf(4_000));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_QUOTA_FULL' });
    expect(refused.json().message).toMatch(/more than 0\.01 MB/);
    expect(await documentFiles()).toEqual(files);
    expect(await rowsOf(uploader)).toBe(2);
    // What still fits, fits exactly.
    const exact = await upload(uploader, pdfOf(2_000));
    expect(exact.statusCode, exact.body).toBe(201);
    expect((await upload(uploader, pdfOf(100))).statusCode).toBe(429);
    // Someone else is not held back by it.
    expect((await upload(world.member, pdfOf(4_000))).statusCode).toBe(201);

    // A submission claims two files: their 8,000 bytes are free again.
    const submitted = await t.api.app.inject({
      method: 'POST',
      url: '/document',
      headers: uploader.headers,
      payload: {
        local_id: `quota-${++serial}`,
        program_id: world.program.id,
        module: 'beneficiaries',
        type_id: kind.typeId,
        form_revision_id: kind.revisionId,
        form_data: { papers: names },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect((await upload(uploader, pdfOf(4_000))).statusCode).toBe(201);
    expect((await upload(uploader, pdfOf(4_000))).statusCode).toBe(201);
    expect((await upload(uploader, pdfOf(4_000))).statusCode).toBe(429);
  });

  it('counts an image as stored, re-encoded: bytes appended to it do not count', async () => {
    const uploader = await newUploader();
    expect((await upload(uploader, pdfOf(9_000))).statusCode).toBe(201);
    // 1,000 bytes left; the upload is larger, what is kept of it is not.
    const padded = Buffer.concat([tinyPng(), HTML_PAGE, Buffer.alloc(2_000, 0x20)]);
    const res = await upload(uploader, padded, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().size).toBeLessThan(1_000);
  });
});
