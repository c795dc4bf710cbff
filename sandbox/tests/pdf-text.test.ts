import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text';

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

/** A one-stream PDF body around `content`, compressed, with the producer's end-of-line. */
const pdfOf = (compressed: Buffer, eol: string) =>
  Buffer.concat([
    Buffer.from(
      `%PDF-1.3\n1 0 obj\n<< /Length ${compressed.length} /Filter /FlateDecode >>\nstream\n`,
      'latin1',
    ),
    compressed,
    Buffer.from(`${eol}endstream\nendobj\n%%EOF`, 'latin1'),
  ]);

describe('pdfText (reads the documents the tests download)', () => {
  it('reads a stream whose compressed bytes end in 0x0D, whatever the end-of-line', () => {
    // Which text compresses to a last byte of 0x0D depends on its checksum: search for one.
    let found: { text: string; compressed: Buffer } | undefined;
    for (let n = 0; !found && n < 100_000; n++) {
      const text = `Invoice INV-${n}`;
      const compressed = deflateSync(Buffer.from(`BT [<${hex(text)}>] TJ ET`, 'latin1'));
      if (compressed.at(-1) === 0x0d) found = { text, compressed };
    }
    expect(found).toBeDefined();
    if (!found) return;
    expect(pdfText(pdfOf(found.compressed, '\n'))).toBe(found.text);
    expect(pdfText(pdfOf(found.compressed, '\r\n'))).toBe(found.text);
  });
});
