/**
 * The XML guard between a workbook's zip and its parser: values' text passes, other text is
 * dropped, markup passes whole whatever the chunks' edges, and a value or a tag over its bound is
 * refused as the bytes stream.
 */
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { XmlLeafGuard } from '../../server/view-lists/xml-leaf-guard.ts';
import { Problem } from '../../server/http/errors.ts';

const limits = (maxText = 64, maxMarkup = 256) => ({
  maxText,
  maxMarkup,
  textTooLong: () => new Problem(400, 'TEXT', 'text too long'),
  markupTooLong: () => new Problem(400, 'MARKUP', 'tag too long'),
  doctype: () => new Problem(400, 'DOCTYPE', 'doctype'),
});

/** What the guard passes on, the input cut into chunks of `size` bytes. */
async function guarded(xml: string, size: number, guardLimits = limits()): Promise<string> {
  const bytes = Buffer.from(xml);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new XmlLeafGuard(guardLimits))) out.push(chunk as Buffer);
  return Buffer.concat(out).toString();
}

const SHEET =
  '<?xml version="1.0"?>\n<worksheet a=">x<" b=\'/>\'>\n  <sheetData>\n    <row r="1"><c r="A1" t="str"><v>Kisumu &amp; Kisii</v></c>stray\n' +
  '<c r="B1"><f>A1&gt;2</f><v>1<!-- a > b --></v></c><c r="C1" t="inlineStr"><is><t xml:space="preserve"> ቀበሌ </t></is></c><c r="D1"/></row>\n' +
  '    <row r="2"/><!-- <v>not a value</v> --><![CDATA[<v>]]>\n  </sheetData>\n</worksheet>';
const EXPECTED =
  '<?xml version="1.0"?><worksheet a=">x<" b=\'/>\'><sheetData><row r="1"><c r="A1" t="str"><v>Kisumu &amp; Kisii</v></c>' +
  '<c r="B1"><f>A1&gt;2</f><v>1<!-- a > b --></v></c><c r="C1" t="inlineStr"><is><t xml:space="preserve"> ቀበሌ </t></is></c><c r="D1"/></row>' +
  '<row r="2"/><!-- <v>not a value</v> --><![CDATA[<v>]]></sheetData></worksheet>';

describe('the XML leaf guard', () => {
  it('passes markup and values whole and drops the text between elements, whatever the chunks', async () => {
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(await guarded(SHEET, size), `chunks of ${size}`).toBe(EXPECTED);
  });

  it('refuses a value over its bound, counted across comments, and a tag or comment over its bound', async () => {
    await expect(guarded(`<v>${'a'.repeat(65)}</v>`, 5)).rejects.toMatchObject({ code: 'TEXT' });
    await expect(guarded(`<v>${'a'.repeat(40)}<!---->${'a'.repeat(40)}</v>`, 5)).rejects.toMatchObject({ code: 'TEXT' });
    await expect(guarded(`<v>${'a'.repeat(64)}</v>`, 5)).resolves.toBe(`<v>${'a'.repeat(64)}</v>`);
    // Text outside a value is dropped, not held: any length of it passes.
    await expect(guarded(`<row>${' '.repeat(10_000)}</row>`, 100)).resolves.toBe('<row></row>');
    await expect(guarded(`<c r="${'A'.repeat(300)}"/>`, 7)).rejects.toMatchObject({ code: 'MARKUP' });
    await expect(guarded(`<!--${'-'.repeat(300)}`, 7)).rejects.toMatchObject({ code: 'MARKUP' });
    await expect(guarded(`<![CDATA[${']'.repeat(300)}`, 7)).rejects.toMatchObject({ code: 'MARKUP' });
  });

  it('refuses a document type declaration', async () => {
    await expect(guarded('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>', 3)).rejects.toMatchObject({ code: 'DOCTYPE' });
  });
});
