import { describe, expect, it } from 'vitest';
import { attachmentDisposition, filenameFromDisposition, safeFilename } from './content-disposition';

describe('reading Content-Disposition (RFC 6266)', () => {
  it('reads quoted, escaped and bare filenames', () => {
    expect(filenameFromDisposition('attachment; filename="invoice-1.pdf"')).toBe('invoice-1.pdf');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\"; c.pdf"')).toBe('a "b"; c.pdf');
    expect(filenameFromDisposition('attachment; filename=plain.pdf; size=3')).toBe('plain.pdf');
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });

  it('prefers filename* (RFC 8187) in UTF-8 or ISO-8859-1, in any order, over filename', () => {
    expect(
      filenameFromDisposition(
        'attachment; filename="re_u.pdf"; filename*=UTF-8\'\'re%C3%A7u%20officiel%20%E2%80%93%20OR-1.pdf',
      ),
    ).toBe('reçu officiel – OR-1.pdf');
    expect(filenameFromDisposition("attachment; FILENAME*=utf-8'fr'%C3%A9t%C3%A9.pdf; filename=x.pdf")).toBe(
      'été.pdf',
    );
    expect(filenameFromDisposition("attachment; filename*=iso-8859-1''%E9t%E9.pdf")).toBe('été.pdf');
    // A broken filename* falls back to filename.
    expect(filenameFromDisposition('attachment; filename*=UTF-8\'\'%E9%ZZ.pdf; filename="x.pdf"')).toBe(
      'x.pdf',
    );
  });
});

describe('writing a safe download name', () => {
  it('drops paths, control and reserved characters and leading dots, and keeps the extension', () => {
    expect(safeFilename('../../etc/passwd', 'fallback.pdf', '.pdf')).toBe('passwd.pdf');
    expect(safeFilename('..\\secret\r\n"x".pdf', 'fallback.pdf', '.pdf')).toBe('secret___x_.pdf');
    expect(safeFilename(null, 'official-receipt-1.pdf', '.pdf')).toBe('official-receipt-1.pdf');
    expect(safeFilename('...', 'f.pdf', '.pdf')).toBe('f.pdf');
    expect(safeFilename('reçu officiel – OR-1.pdf', 'f.pdf', '.pdf')).toBe('reçu officiel – OR-1.pdf');
    expect(safeFilename('x'.repeat(300), 'f.pdf', '.pdf')).toHaveLength(150);
  });

  it('sends an ASCII header: a fallback filename and the exact name in filename*', () => {
    const header = attachmentDisposition("reçu d'office (1).pdf");
    expect(header).toBe(
      "attachment; filename=\"re_u d'office (1).pdf\"; filename*=UTF-8''re%C3%A7u%20d%27office%20%281%29.pdf",
    );
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow();
    expect(filenameFromDisposition(header)).toBe("reçu d'office (1).pdf");
  });
});
