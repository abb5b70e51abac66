/**
 * The file store in an S3-compatible object store (Amazon S3, MinIO, Ceph, Garage…), shared by
 * every instance: S3_URL=https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix][?region=…].
 * Without a key and secret in the address, the SDK's own chain is used (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, an instance role). Addresses are path-style (`host/bucket/key`), which
 * self-hosted stores need. A stream is uploaded in parts (@aws-sdk/lib-storage), so a large
 * export never sits whole in memory. Names are random, so nothing is overwritten.
 * The region is `?region=`, else the one an Amazon host names, else us-east-1.
 */
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkedFolder, checkedKey, isStoreKey, type FileStore } from './file-store.ts';
import type { S3Location } from './s3-url.ts';

// Only a missing object: a missing bucket (NoSuchBucket, also a 404) or refused access is a fault to see.
const isMissing = (err: unknown) => {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

export function s3FileStore(location: S3Location): FileStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    ...(location.credentials ? { credentials: location.credentials } : {}),
  });
  const { bucket, prefix } = location;
  const objectKey = (key: string) => prefix + checkedKey(key);
  return {
    label: `S3, ${location.endpoint}/${bucket}${prefix ? `/${prefix.slice(0, -1)}` : ''}`,
    async put(key, content) {
      if (Buffer.isBuffer(content)) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: content }));
        return;
      }
      let upload: Upload;
      try {
        upload = new Upload({ client, params: { Bucket: bucket, Key: objectKey(key), Body: content } });
      } catch (err) {
        content.destroy(); // nothing will read it: let its source go
        throw err;
      }
      await upload.done();
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return answer.Body as Readable;
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async keysOlderThan(folder, before) {
      const within = `${prefix}${checkedFolder(folder)}/`;
      const old: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: within, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          // Only keys the store could have written: nothing nested, nothing another tool left.
          if (key && isStoreKey(key) && object.LastModified && object.LastModified < before) old.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return old.sort();
    },
  };
}
