/**
 * Two api and two auth instances on one database and one S3-compatible store (S3_URL), as
 * behind a load balancer: a photo uploaded through one shows through the other, a document's
 * file sent to one is served by the other, a view list read by one instance's import thread
 * (from the store) answers through the other, and an export requested on one is written once
 * and downloads from either. Nothing lands on either machine's disk.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '@model/generated/index.ts';
import { attachFormType, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { tinyPng } from '../support/images.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import { readOutbox } from '../support/outbox.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { csvFile, viewLists } from '../support/view-lists.ts';

let s3: TestS3;
let a: TestServer;
let b: TestServer;
let admin: Session;
let world: DocumentWorld;

beforeAll(async () => {
  s3 = await startTestS3();
  a = await startTestServer({ config: { s3Url: s3.url } });
  b = await startTestServer({ sameDatabaseAs: a, config: { s3Url: s3.url } });
  admin = await a.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  world = await makeDocumentWorld(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

/** Every file under a folder of this instance's own disk, as paths inside it. */
async function localFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}

describe('instances sharing one object store', () => {
  it('serve a photo uploaded through one auth instance from the other, and forget it everywhere once it is replaced', async () => {
    const sent = photoUpload(tinyPng([200, 30, 30]));
    const res = await a.auth.app.inject({
      method: 'PATCH',
      url: `/user/upload/${admin.user._id}`,
      payload: sent.payload,
      headers: { ...admin.headers, ...sent.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo as string;
    const served = await b.auth.app.inject({ method: 'GET', url: `/${photo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).raw().toBuffer()).toEqual(Buffer.from([200, 30, 30]));

    const again = photoUpload(tinyPng([0, 0, 255]));
    const replaced = await b.auth.app.inject({
      method: 'PATCH',
      url: `/user/upload/${admin.user._id}`,
      payload: again.payload,
      headers: { ...admin.headers, ...again.headers },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    for (const server of [a, b]) expect((await server.auth.app.inject({ method: 'GET', url: `/${photo}` })).statusCode).toBe(404);
  });

  it("serve a document's file sent through one api instance from the other", async () => {
    const kind = await attachFormType(a, world, [
      { field_label: 'Name', field_name: 'name', field_type: 'text' },
      { field_label: 'Photo', field_name: 'photo', field_type: 'image' },
    ]);
    const file = multipart([{ name: 'file', filename: 'well.png', contentType: 'image/png', content: tinyPng([10, 120, 40]) }]);
    const uploaded = await a.api.app.inject({
      method: 'POST',
      url: '/document/attachment',
      payload: file.payload,
      headers: { ...world.member.headers, ...file.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const name = uploaded.json().name as string;
    const submitted = await b.api.app.inject({
      method: 'POST',
      url: '/document',
      headers: world.member.headers,
      payload: {
        local_id: 'across-instances-1',
        program_id: world.program.id,
        module: 'beneficiaries',
        type_id: kind.typeId,
        form_revision_id: kind.revisionId,
        form_data: { name: 'Well by the school', photo: name },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const served = await a.api.app.inject({
      method: 'GET',
      url: `/document/${submitted.json()._id}/attachment/${name}`,
      headers: world.member.headers,
    });
    expect(served.statusCode, served.body).toBe(200);
    expect(await sharp(served.rawPayload).raw().toBuffer()).toEqual(Buffer.from([10, 120, 40]));
  });

  it('answer a view list through one instance that the other read from the store in its import thread', async () => {
    const onA = viewLists(
      () => a,
      () => admin,
    );
    const onB = viewLists(
      () => b,
      () => admin,
    );
    const list = await onA.create('Towns across instances', csvFile('name\nAccra\nKumasi\nTamale\n'));
    expect(list.row_count).toBe(3);
    expect(await onB.labels(list._id)).toEqual(['Accra', 'Kumasi', 'Tamale']);
  });

  it('write an export once, on one of them, and let either send it', async () => {
    await world.submit({ count: 3 });
    const requested = await a.api.app.inject({
      method: 'POST',
      url: '/export',
      headers: world.admin.headers,
      payload: { program_slug: world.program.name_slug, doc_type: 'BENEFICIARY', doc_id: world.types.beneficiary },
    });
    expect(requested.statusCode, requested.body).toBe(202);
    const id = (requested.json() as ExportJob)._id;
    await expect
      .poll(
        async () =>
          ((await b.api.app.inject({ method: 'GET', url: `/export/${id}`, headers: world.admin.headers })).json() as ExportJob).status,
        {
          timeout: 60_000,
        },
      )
      .toBe('done');
    const fromA = await a.api.app.inject({ method: 'GET', url: `/export/${id}/file`, headers: world.admin.headers });
    const fromB = await b.api.app.inject({ method: 'GET', url: `/export/${id}/file`, headers: world.admin.headers });
    for (const res of [fromA, fromB]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    }
    expect(fromB.body).toBe(fromA.body);
    // The header row and the three documents.
    expect(fromA.body.trim().split('\n')).toHaveLength(4);
    // One instance wrote it and mailed the requester: one mail between the two outboxes.
    const mails = [...(await readOutbox(a.outboxDir)), ...(await readOutbox(b.outboxDir))];
    expect(mails.filter((m) => m.subject === 'Your export is ready')).toHaveLength(1);
  });

  it('keep nothing on either machine: every file is in the store', async () => {
    for (const server of [a, b]) {
      expect(await localFiles(server.ctx.config.uploadsDir)).toEqual([]);
      expect(await localFiles(path.join(server.ctx.config.dataDir, 'exports'))).toEqual([]);
    }
  });
});
