/**
 * The file store's contract, held alike by the disk store and the S3 store (against an
 * S3-compatible server in this process): what is put is read back byte for byte, a stream
 * included (in parts past 5 MB on S3), a missing key reads as nothing, a removal is final and
 * forgiving, the sweeps find the files older than a moment, and a key that could lead elsewhere
 * is refused before anything is touched.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyError, type FileStore } from '../../server/files/file-store.ts';
import { diskFileStore } from '../../server/files/disk-file-store.ts';
import { s3FileStore } from '../../server/files/s3-file-store.ts';
import { parseS3Url } from '../../server/files/s3-url.ts';
import { startTestS3, type TestS3 } from '../support/s3-server.ts';

let root: string;
let s3: TestS3;
const stores: Record<string, () => FileStore> = {};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-files-'));
  s3 = await startTestS3();
  stores.disk = () => diskFileStore(root);
  stores.s3 = () => s3FileStore(parseS3Url(`${s3.url}/instance-files`));
});
afterAll(async () => {
  await s3?.close();
  await rm(root, { recursive: true, force: true });
});

const read = async (store: FileStore, key: string) => {
  const stream = await store.get(key);
  return stream ? buffer(stream) : undefined;
};

describe.each(['disk', 's3'])('the %s file store', (kind) => {
  const store = () => stores[kind]!();

  it('reads back what was put, from bytes and from a stream of several parts', async () => {
    const small = Buffer.from('a photo, say');
    await store().put('photos/a1.jpg', small);
    expect(await read(store(), 'photos/a1.jpg')).toEqual(small);

    const large = Buffer.alloc(6 * 1024 * 1024 + 123);
    for (let i = 0; i < large.length; i += 4096) large[i] = i % 251;
    await store().put('exports/e1.csv', Readable.from([large.subarray(0, 3_000_000), large.subarray(3_000_000)]));
    expect((await read(store(), 'exports/e1.csv'))!.equals(large)).toBe(true);
  });

  it('reads nothing for a missing key, and removes for good, a second removal being no error', async () => {
    expect(await store().get('photos/never-there.jpg')).toBeUndefined();
    await store().put('photos/gone.jpg', Buffer.from('x'));
    await store().delete('photos/gone.jpg');
    await store().delete('photos/gone.jpg');
    expect(await store().get('photos/gone.jpg')).toBeUndefined();
  });

  it('lists the files of a folder written before a moment, for the sweeps', async () => {
    const before = new Date(Date.now() - 60_000);
    await store().put('sweep/s1.bin', Buffer.from('1'));
    await store().put('sweep/s2.bin', Buffer.from('2'));
    await store().put('other/s3.bin', Buffer.from('3'));
    expect(await store().keysOlderThan('sweep', before)).toEqual([]);
    expect(await store().keysOlderThan('sweep', new Date(Date.now() + 60_000))).toEqual(['sweep/s1.bin', 'sweep/s2.bin']);
    expect(await store().keysOlderThan('nothing-here', new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('refuses keys that could lead outside the store', async () => {
    for (const key of ['../etc/passwd', 'photos/../../x', '/photos/a.jpg', 'photos/a/b.jpg', 'Photos/a.jpg', 'photos/', 'photos/.hidden']) {
      await expect(store().put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(FileKeyError);
      await expect(store().get(key), key).rejects.toBeInstanceOf(FileKeyError);
    }
  });
});

describe('the disk file store', () => {
  it('writes folders and files only its user can read, and never over another file', async () => {
    const store = diskFileStore(root);
    await store.put('private/p1.bin', Buffer.from('secret'));
    expect((await stat(path.join(root, 'private'))).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(root, 'private', 'p1.bin'))).mode & 0o777).toBe(0o600);
    await expect(store.put('private/p1.bin', Buffer.from('other'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await read(store, 'private/p1.bin')).toEqual(Buffer.from('secret'));
  });
});

describe('S3_URL', () => {
  it('gives the endpoint, bucket, prefix, region and credentials, and names what is wrong', () => {
    expect(parseS3Url('https://AK%2F1:SE%2Bcret@s3.example.org:9000/bucket/some/prefix?region=eu-west-1')).toEqual({
      endpoint: 'https://s3.example.org:9000',
      region: 'eu-west-1',
      bucket: 'bucket',
      prefix: 'some/prefix/',
      credentials: { accessKeyId: 'AK/1', secretAccessKey: 'SE+cret' },
    });
    expect(parseS3Url('https://s3.eu-west-1.amazonaws.com/b')).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      region: 'eu-west-1',
      bucket: 'b',
      prefix: '',
    });
    expect(() => parseS3Url('s3.example.org/bucket')).toThrow('S3_URL is not an address');
    expect(() => parseS3Url('ftp://h/b')).toThrow('S3_URL must start with https:// or http://');
    expect(() => parseS3Url('https://h/')).toThrow('S3_URL names no bucket');
  });
});
