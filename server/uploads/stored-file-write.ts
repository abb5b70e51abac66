/**
 * A write that records a file stored just before it (the upload is checked and stored first, so
 * the transaction never waits on the disk): when the write fails, the new file is removed again,
 * as no record names it; when it commits, the file it replaced is removed, as none names that any more.
 */
export interface FileWrite<T> {
  answer: T;
  /** The file the record named before this write, when the write replaced it. */
  replaced?: string | null;
}

export async function writeWithStoredFile<T>(
  stored: string | null | undefined,
  remove: (file: string | null | undefined) => Promise<void>,
  write: () => Promise<FileWrite<T>>,
): Promise<T> {
  let written: FileWrite<T>;
  try {
    written = await write();
  } catch (err) {
    await remove(stored);
    throw err;
  }
  await remove(written.replaced);
  return written.answer;
}
