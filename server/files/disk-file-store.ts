/**
 * The file store on this machine's disk: `<root>/<folder>/<name>`, folders 0700 and files 0600
 * (private-files.ts), a file created new and never written over. What one instance alone, or
 * several sharing one mounted folder, use.
 */
import { open, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ensurePrivateFolder, PRIVATE_FILE_MODE, writePrivateFile } from '../uploads/private-files.ts';
import { checkedFolder, checkedKey, isStoreKey, type FileStore } from './file-store.ts';

export function diskFileStore(root: string): FileStore {
  const where = (key: string) => path.join(root, checkedKey(key));
  return {
    label: `disk, ${root}`,
    async put(key, content) {
      const file = where(key);
      if (Buffer.isBuffer(content)) {
        await ensurePrivateFolder(path.dirname(file));
        return writePrivateFile(file, content);
      }
      let handle;
      try {
        await ensurePrivateFolder(path.dirname(file));
        handle = await open(file, 'wx', PRIVATE_FILE_MODE);
        await handle.chmod(PRIVATE_FILE_MODE);
      } catch (err) {
        // Nothing will read the stream: let its source go, and leave no empty file behind.
        content.destroy();
        if (handle) {
          await handle.close();
          await unlink(file).catch(() => undefined);
        }
        throw err;
      }
      try {
        // The stream closes the handle when it finishes or fails. A megabyte queued lets it write
        // what arrived meanwhile in one call: an export of tens of megabytes comes in 64 KB pieces.
        await pipeline(content, handle.createWriteStream({ highWaterMark: 1 << 20 }));
      } catch (err) {
        await unlink(file).catch(() => undefined);
        throw err;
      }
    },
    async get(key) {
      const file = where(key);
      try {
        // Opened before answering, so a missing file is undefined rather than a stream that fails.
        // Read a megabyte at a time: an export of tens of megabytes in 64 KB reads is a thousand
        // reads and socket writes where fifty do.
        return (await open(file, 'r')).createReadStream({ highWaterMark: 1 << 20 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await unlink(where(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async keysOlderThan(folder, before) {
      const dir = path.join(root, checkedFolder(folder));
      const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [] as string[];
        throw err;
      });
      const old: string[] = [];
      for (const name of names) {
        const found = await stat(path.join(dir, name)).catch(() => undefined);
        if (found?.isFile() && found.mtime < before && isStoreKey(`${folder}/${name}`)) old.push(`${folder}/${name}`);
      }
      return old.sort();
    },
  };
}
