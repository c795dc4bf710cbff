import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit document shows, a line per TJ: its content streams inflated, the hex strings
 * decoded (WinAnsi ≈ latin1). For the stand-in's documents and the dashboard's monthly report.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
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
