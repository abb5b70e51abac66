/**
 * Small real image files for the demo documents' image and signature answers: a photo-like
 * colour gradient and a pen stroke on white, as PNGs stored in the file store's `documents/`
 * folder under the names the answers hold — so the drawer can show them and the attachment route can
 * serve them. Only a few hundred documents get files: enough to see, not a million files.
 */
import type { Random } from './random.ts';
import { png } from '../uploads/png-writer.ts';
import type { FileStore } from '../files/file-store.ts';
import { ATTACHMENTS_FOLDER } from '../documents/document-attachments.ts';

/** Documents (of those whose form asks for a photo or signature) that get real files. */
export const ATTACHMENT_DOCUMENTS = 300;

function photo(random: Random): Buffer {
  const [r, g, b] = [random.int(40, 200), random.int(60, 200), random.int(40, 160)];
  return png(96, 72, (x, y) => [(r + x) & 0xff, (g + y) & 0xff, (b + ((x + y) >> 1)) & 0xff]);
}

function signatureImage(random: Random): Buffer {
  const width = 200;
  const height = 60;
  const phase = random.next() * Math.PI * 2;
  const loops = random.int(2, 5);
  const line = new Float64Array(width).map((_, x) => height / 2 + Math.sin(phase + (x / width) * loops * Math.PI * 2) * (height / 3.2));
  return png(width, height, (x, y) => (Math.abs(y - line[x]!) < 1.6 && x > 12 && x < width - 12 ? [20, 30, 90] : [255, 255, 255]));
}

export interface AttachmentRow {
  name: string;
  document_id: string;
  uploaded_by: string;
  content_type: string;
  size: number;
  created_at: Date;
}

/**
 * Makes the files and remembers the rows to insert; `store` puts the files made since the last
 * call (before their rows go in), `discard` removes the files of a load that failed.
 */
export class AttachmentWriter {
  private written: string[] = [];
  private waiting: { key: string; bytes: Buffer }[] = [];
  pending: AttachmentRow[] = [];

  constructor(private readonly files: FileStore) {}

  write(kind: 'image' | 'signature', random: Random, row: Omit<AttachmentRow, 'name' | 'content_type' | 'size'>): string {
    const bytes = kind === 'image' ? photo(random) : signatureImage(random);
    const name = `${random.uuid()}.png`;
    this.waiting.push({ key: `${ATTACHMENTS_FOLDER}/${name}`, bytes });
    this.pending.push({ ...row, name, content_type: 'image/png', size: bytes.length });
    return name;
  }

  async store(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    for (const { key, bytes } of waiting) {
      // Names come from the seed: a load after a reset may make one again (stores never write over).
      await this.files.delete(key);
      await this.files.put(key, bytes);
      this.written.push(key);
    }
  }

  get count(): number {
    return this.written.length + this.waiting.length;
  }

  async discard(): Promise<void> {
    for (const key of this.written) await this.files.delete(key).catch(() => undefined);
    this.written = [];
    this.waiting = [];
    this.pending = [];
  }
}
