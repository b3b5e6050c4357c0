import { darkRuns } from '@medaille/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { medalUrl } from './backend.ts';

const MM = 72 / 25.4;

/**
 * The printed sheet, in millimetres: A4, one square cell per medal, sized for the usual 25 to 30 mm
 * medal, with crop marks in the gaps between cells.
 */
export const SHEET = {
  page: { width: 210, height: 297 },
  margin: 12,
  header: 8,
  cell: 28,
  gap: 5,
  qr: 21,
  cropMark: 3,
} as const;

const COLUMNS = Math.floor((SHEET.page.width - 2 * SHEET.margin + SHEET.gap) / (SHEET.cell + SHEET.gap));
const ROWS = Math.floor((SHEET.page.height - 2 * SHEET.margin - SHEET.header + SHEET.gap) / (SHEET.cell + SHEET.gap));
export const MEDALS_PER_PAGE = COLUMNS * ROWS;

/** Where the medal at `index` (0-based) stands: its page, and its cell's top-left corner in mm. */
export function cellOf(index: number): { page: number; x: number; y: number } {
  const onPage = index % MEDALS_PER_PAGE;
  const usedWidth = COLUMNS * SHEET.cell + (COLUMNS - 1) * SHEET.gap;
  const left = (SHEET.page.width - usedWidth) / 2;
  return {
    page: Math.floor(index / MEDALS_PER_PAGE),
    x: left + (onPage % COLUMNS) * (SHEET.cell + SHEET.gap),
    y: SHEET.margin + SHEET.header + Math.floor(onPage / COLUMNS) * (SHEET.cell + SHEET.gap),
  };
}

/** The square of a medal's QR code within its cell, in mm (the text of the code goes under it). */
export function qrBoxOf(index: number): { page: number; x: number; y: number; size: number } {
  const cell = cellOf(index);
  return { page: cell.page, x: cell.x + (SHEET.cell - SHEET.qr) / 2, y: cell.y + 1.5, size: SHEET.qr };
}

export interface SheetBatch {
  codes: string[];
  siteUrl: string;
  batch: string;
  createdAt: Date;
}

/**
 * The A4 PDF of a batch: each medal's QR code (to `{siteUrl}/{code}`, error correction Q, which survives
 * a scratched medal) with its code printed in clear under it, crop marks, and on each page the batch's name.
 */
export function medalSheet({ codes, siteUrl, batch, createdAt }: SheetBatch): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Médailles – lot ${batch}`, Creator: 'pnpm medals', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = Math.ceil(codes.length / MEDALS_PER_PAGE);
  codes.forEach((code, index) => {
    const cell = cellOf(index);
    if (index % MEDALS_PER_PAGE === 0) {
      doc.addPage();
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('black')
        .text(
          `Médaille – lot ${batch} – ${codes.length} codes – ${createdAt.toISOString().slice(0, 10)} – page ${cell.page + 1}/${pages}`,
          SHEET.margin * MM,
          SHEET.margin * MM,
          { lineBreak: false },
        );
    }
    drawQr(doc, medalUrl(siteUrl, code), qrBoxOf(index));
    drawCode(doc, code, cell);
    drawCropMarks(doc, cell);
  });
  doc.end();
  return done;
}

/** The QR code as filled squares (vector: sharp at any printer's resolution), with its 4-module quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, url: string, box: { x: number; y: number; size: number }) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'Q' });
  const quiet = 4;
  const module = (box.size * MM) / (modules.size + 2 * quiet);
  for (const run of darkRuns(modules)) {
    doc.rect(
      box.x * MM + (quiet + run.column) * module,
      box.y * MM + (quiet + run.row) * module,
      run.length * module,
      module,
    );
  }
  doc.fillColor('black').fill();
}

/** The code in clear under its QR code, as the scan page and the landing field show it. */
function drawCode(doc: PDFKit.PDFDocument, code: string, cell: { x: number; y: number }) {
  const width = SHEET.cell * MM;
  // Courier's letters are 0.6 em wide: a longer prefix gets a smaller size, never a second line.
  const size = Math.min(7.5, width / (0.6 * code.length + 1));
  doc
    .font('Courier-Bold')
    .fontSize(size)
    .fillColor('black')
    .text(code, cell.x * MM, (cell.y + 1.5 + SHEET.qr + 1) * MM, { width, align: 'center', lineBreak: false });
}

/** Short lines at each corner of the cell, outside it, where the cutter aims. */
function drawCropMarks(doc: PDFKit.PDFDocument, cell: { x: number; y: number }) {
  const offset = 1;
  const length = SHEET.cropMark;
  for (const [x, dx] of [
    [cell.x, -1],
    [cell.x + SHEET.cell, 1],
  ] as const) {
    for (const [y, dy] of [
      [cell.y, -1],
      [cell.y + SHEET.cell, 1],
    ] as const) {
      doc
        .moveTo((x + dx * offset) * MM, y * MM)
        .lineTo((x + dx * (offset + length)) * MM, y * MM)
        .moveTo(x * MM, (y + dy * offset) * MM)
        .lineTo(x * MM, (y + dy * (offset + length)) * MM);
    }
  }
  doc.lineWidth(0.25).strokeColor('black').stroke();
}
