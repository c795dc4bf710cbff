import PDFDocument from 'pdfkit';
import type { EventRecord, InvoiceRecord, ReceiptRecord, TenantConfig } from '../domain/model';

/**
 * The per-event documents (spec: Endpoints 6 to 8), drawn with pdfkit: real PDFs that show the
 * data they stand for. Each one names the event it was requested for, so a client can check it
 * received the right file.
 */

type Doc = InstanceType<typeof PDFDocument>;

/** Plain "1234.50 EUR": the standard PDF fonts lack some currency signs (₩) and Intl's spaces. */
function money(amount: string, currency: string): string {
  return `${amount} ${currency}`;
}

function render(title: string, subject: string, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: title,
        Subject: subject,
        Author: 'Patent Annuity Management Service (stand-in)',
        Creator: 'sandbox',
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function header(doc: Doc, title: string, tenant: TenantConfig): void {
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Patent Annuity Management Service — client ${tenant.name}`);
  doc.fillColor('#000000').moveDown(1);
}

function fields(doc: Doc, rows: readonly (readonly [string, string | number | null])[]): void {
  doc.fontSize(10);
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value === null ? '—' : String(value));
  }
  doc.moveDown(0.8);
}

function eventRows(event: EventRecord): [string, string | number | null][] {
  return [
    ['Event', event.id],
    ['Patent', event.patent.id],
    ['Client case reference', event.patent.clientCaseReference],
    ['Office', event.patent.office],
    ['Application number', event.patent.applicationNumber],
    ['Title', event.patent.title],
    ['Annuity year', event.annuityYear],
    ['Due date', event.dueDate],
  ];
}

export function invoicePdf(
  invoice: InvoiceRecord,
  event: EventRecord,
  tenant: TenantConfig,
): Promise<Buffer> {
  return render(
    `Invoice ${invoice.reference}`,
    `Invoice ${invoice.reference} for event ${event.id}`,
    (doc) => {
      header(doc, `Invoice ${invoice.reference}`, tenant);
      fields(doc, [
        ['Invoice number', invoice.number],
        ['Issue date', invoice.issueDate],
        ['Origin', invoice.origin],
        ['Currency', invoice.currency],
        ['VAT number', invoice.vatNumber],
        ['Requested for event', event.id],
      ]);
      doc.font('Helvetica-Bold').fontSize(11).text('Lines');
      doc.moveDown(0.3).font('Helvetica').fontSize(9);
      for (const line of invoice.lines) {
        const marker = line.eventId === event.id ? '> ' : '  ';
        const components = line.components
          .map((component) => `${component.type} ${component.amount}`)
          .join(', ');
        doc.text(`${marker}${line.eventId}  ${components}  total ${money(line.total, line.currency)}`);
      }
      doc.moveDown(0.8).fontSize(10);
      fields(doc, [
        ['Subtotal excluding tax', money(invoice.subtotalExcludingTax, invoice.currency)],
        ['VAT rate', `${(invoice.vatRate * 100).toFixed(1)}%`],
        ['Total including tax', money(invoice.totalIncludingTax, invoice.currency)],
      ]);
    },
  );
}

export function instructionReceiptPdf(
  receipt: ReceiptRecord,
  event: EventRecord,
  tenant: TenantConfig,
): Promise<Buffer> {
  const instruction = receipt.instructions.find((candidate) => candidate.event === event);
  return render(
    `Instruction receipt ${receipt.reference}`,
    `Instruction receipt ${receipt.reference} for event ${event.id}`,
    (doc) => {
      header(doc, `Instruction receipt ${receipt.reference}`, tenant);
      fields(doc, [
        ['Receipt number', receipt.number],
        ['Issue date', receipt.issueDate],
        ['Instructions in this batch', receipt.instructions.length],
      ]);
      fields(doc, [
        ...eventRows(event),
        ['Instruction', instruction?.id ?? null],
        ['Decision', instruction?.decision ?? null],
        ['Status', 'EXECUTED'],
        ['Executed at', instruction?.executedAt ?? null],
      ]);
    },
  );
}

export function officialReceiptPdf(event: EventRecord, tenant: TenantConfig): Promise<Buffer> {
  const receipt = event.officialReceipt;
  return render(
    `Official receipt ${receipt?.number ?? ''}`,
    `Official renewal receipt for event ${event.id}`,
    (doc) => {
      header(doc, 'Official renewal receipt', tenant);
      fields(doc, [
        ['Receipt number', receipt?.number ?? null],
        ['Recorded at', receipt?.recordedAt ?? null],
        ['Paid to', event.patent.office],
        ['Official fee', money(event.officeFee, event.officeCurrency)],
      ]);
      fields(doc, eventRows(event));
    },
  );
}
