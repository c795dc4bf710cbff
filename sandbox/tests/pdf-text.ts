import { constants, inflateSync } from 'node:zlib';

/**
 * The text a pdfkit document shows, a line per TJ: its content streams inflated, the hex strings
 * decoded (WinAnsi ≈ latin1). For the stand-in's documents and the dashboard's monthly report.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  // The end-of-line before `endstream` is taken as `\n` alone: a compressed stream can end in the
  // byte 0x0D, which an optional `\r?` would eat, leaving the stream a byte short. A `\r` that is
  // the producer's end-of-line is then trailing data after the stream's end, which inflate ignores.
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1'), {
        finishFlush: constants.Z_SYNC_FLUSH,
      }).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      lines.push(
        [...(array[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .map((hex) => Buffer.from(hex[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return lines.join('\n');
}
