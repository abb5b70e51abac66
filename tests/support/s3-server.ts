/**
 * An S3-compatible server in this process (s3rver, tests only), on a free port with a
 * throw-away folder and one bucket, and the S3_URL that reaches it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** S3_URL for this server's bucket (s3rver's fixed key and secret). */
  url: string;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'fieldbase'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    url: `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
