/** What two contenders answered, compared without keeping it: its length and SHA-256. */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';

/** A sink hashing and counting what it is given, skipping the first `skip` bytes. */
export function digest(skip = 0) {
  const hash = createHash('sha256');
  let seen = 0;
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, Math.min(chunk.length, skip - seen));
      seen += chunk.length;
      if (from < chunk.length) {
        hash.update(from ? chunk.subarray(from) : chunk);
        bytes += chunk.length - from;
      }
      done();
    },
  });
  return { sink, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}
