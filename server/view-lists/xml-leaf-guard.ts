/**
 * What the XML parser is handed from a workbook part, bounded while the bytes stream by:
 *
 *  - Text is passed only inside the elements that carry a workbook's values (`<v>`, `<t>`,
 *    `<f>`), and at most `maxText` bytes of it per element: a cell of 400 MB is refused after
 *    its first `maxText` bytes, never held whole. Text anywhere else (the whitespace between
 *    elements: SpreadsheetML has no mixed content) is dropped, so nothing accumulates outside a
 *    value either (exceljs's sheet reader appends stray text to the last value it read).
 *  - A tag, comment, CDATA section or processing instruction may be at most `maxMarkup` bytes.
 *  - A document type declaration (entities, DTDs) is refused: no workbook part has one.
 *
 * A quote inside a tag is followed, so `>` in an attribute value does not end the tag.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { Problem } from '../http/errors.ts';

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** The elements whose text a workbook's values are made of (cell values, strings, formulas). */
const VALUE_ELEMENTS = new Set(['v', 't', 'f']);

type State =
  /** Between tags: text, passed inside a value element, dropped elsewhere. */
  | 'text'
  /** After `<`, until we know what it opens. */
  | 'open'
  | 'tag'
  | 'comment'
  | 'cdata'
  | 'instruction';

export interface LeafGuardLimits {
  maxText: number;
  maxMarkup: number;
  /** The refusal for text over `maxText` (a cell over the limit, in the workbook's words). */
  textTooLong: () => Problem;
  markupTooLong: () => Problem;
  doctype: () => Problem;
}

export class XmlLeafGuard extends Transform {
  private state: State = 'text';
  /** Bytes after `<` kept to tell a tag from a comment, CDATA or `<!DOCTYPE`. */
  private opening = '';
  private markupLength = 0;
  private quote = 0;
  /** The tag being read: its name so far, and whether it is an end tag or self-closing. */
  private tagName = '';
  private nameDone = false;
  private endTag = false;
  private lastByteSlash = false;
  /** Whether text here is a value's (the last tag opened a value element), and how much of it came. */
  private inValue = false;
  private textLength = 0;
  /** How far a comment's `-->`, CDATA's `]]>` or an instruction's `?>` has been matched. */
  private closing = 0;

  constructor(private readonly limits: LeafGuardLimits) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      done(null, this.scan(chunk));
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    // A document cut short after `<`: the parser is given what there was, and says it is broken.
    if (this.opening) this.push(Buffer.from(this.opening, 'latin1'));
    done();
  }

  private scan(chunk: Buffer): Buffer {
    const out: Buffer[] = [];
    let from = 0; // the first byte of this chunk not yet passed on or dropped
    let i = 0;
    // What is passed on runs in one stretch of the chunk until something is dropped (whitespace
    // between elements, which a sheet rarely has): kept as one slice, not one per tag.
    let runStart = 0;
    let runEnd = 0;
    const endRun = () => {
      if (runEnd > runStart) out.push(chunk.subarray(runStart, runEnd));
      runStart = runEnd = 0;
    };
    const pass = (to: number) => {
      if (to > from) {
        if (from !== runEnd || runEnd === 0) {
          endRun();
          runStart = from;
        }
        runEnd = to;
      }
      from = to;
    };
    const emit = (bytes: Buffer) => {
      endRun();
      out.push(bytes);
    };
    while (i < chunk.length) {
      switch (this.state) {
        case 'text': {
          const lt = chunk.indexOf(LT, i);
          const stop = lt < 0 ? chunk.length : lt;
          if (this.inValue) {
            this.textLength += stop - i;
            if (this.textLength > this.limits.maxText) throw this.limits.textTooLong();
            pass(stop);
          } else from = stop;
          i = stop;
          if (lt < 0) break;
          const second = lt + 1 < chunk.length ? chunk[lt + 1]! : -1;
          if (second >= 0 && second !== BANG) {
            // A tag or instruction opens within this chunk: read on, its `<` passing with it.
            this.markupLength = 2;
            i = lt + 2;
            pass(i);
            if (second === QUESTION) this.begin('instruction');
            else this.beginTag(second);
          } else {
            this.state = 'open';
            this.opening = '';
            this.markupLength = 0;
          }
          break;
        }
        case 'open': {
          // `<` and up to 8 bytes after it (`<![CDATA[`) are held until we know what they open.
          this.opening += String.fromCharCode(chunk[i]!);
          i++;
          from = i;
          this.markupLength++;
          this.classifyOpening();
          if (this.state !== 'open') {
            emit(Buffer.from(this.opening, 'latin1'));
            this.opening = '';
          }
          break;
        }
        case 'tag': {
          for (; i < chunk.length; i++) {
            const byte = chunk[i]!;
            if (++this.markupLength > this.limits.maxMarkup) throw this.limits.markupTooLong();
            if (this.quote) {
              if (byte === this.quote) this.quote = 0;
              continue;
            }
            if (byte === QUOTE || byte === APOSTROPHE) {
              this.nameDone = true;
              this.quote = byte;
            } else if (byte === GT) {
              i++;
              this.endOfTag();
              break;
            } else if (!this.nameDone) {
              if (byte === SLASH || byte <= 0x20) this.nameDone = true;
              else this.tagName += String.fromCharCode(byte);
            }
            this.lastByteSlash = byte === SLASH;
          }
          pass(i);
          break;
        }
        default: {
          // A comment, CDATA section or instruction: passed on whole, up to maxMarkup, until its end
          // (`-->`, `]]>`, `?>`). Text after it inside a value counts on with the value's text.
          const [repeat, needed] = this.state === 'comment' ? [0x2d, 2] : this.state === 'cdata' ? [0x5d, 2] : [QUESTION, 1];
          for (; i < chunk.length; i++) {
            if (++this.markupLength > this.limits.maxMarkup) throw this.limits.markupTooLong();
            const byte = chunk[i]!;
            if (byte === GT && this.closing >= needed) {
              i++;
              this.state = 'text';
              break;
            }
            this.closing = byte === repeat ? this.closing + 1 : 0;
          }
          pass(i);
          break;
        }
      }
    }
    endRun();
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  /** Decides, from the bytes after `<`, whether a tag, a comment, CDATA or an instruction opens. */
  private classifyOpening() {
    const o = this.opening;
    if (o.length < 2) return;
    const second = o.charCodeAt(1);
    if (second === QUESTION) return this.begin('instruction');
    if (second !== BANG) return this.beginTag(second);
    if (o === '<!--') return this.begin('comment');
    if (o === '<![CDATA[') return this.begin('cdata');
    if (!'<!--'.startsWith(o) && !'<![CDATA['.startsWith(o)) throw this.limits.doctype();
  }

  private begin(state: 'comment' | 'cdata' | 'instruction') {
    this.state = state;
    this.closing = 0;
  }

  private beginTag(second: number) {
    this.state = 'tag';
    this.endTag = second === SLASH;
    this.tagName = this.endTag ? '' : String.fromCharCode(second);
    this.nameDone = false;
    this.quote = 0;
    this.lastByteSlash = false;
  }

  private endOfTag() {
    this.state = 'text';
    const selfClosing = this.lastByteSlash;
    // Text that follows belongs to a value only right after a value element opens.
    this.inValue = !this.endTag && !selfClosing && VALUE_ELEMENTS.has(this.tagName);
    this.textLength = 0;
  }
}
