// The medal's QR code as files to download, as on the printed sheet (`pnpm medals mint`): the code of the
// medal's page, error correction Q and a quiet zone of 4 modules, with the code in clear under it. Made
// with the qrcode package, loaded only when a medal's card asks for it.
import { darkRuns } from '@medaille/domain';

const QR = { errorCorrectionLevel: 'Q', margin: 4 } as const;
/** The PNG's width in pixels: sharp printed at 5 cm at 500 dpi. */
const PNG_WIDTH = 1000;

/** A medal's public page, where its QR code leads (the site the owner is on: the shell's origin). */
export function medalUrl(code: string): string {
  return `${window.location.origin}/${encodeURIComponent(code)}`;
}

const qrcode = () => import(/* webpackChunkName: "qrcode" */ 'qrcode');

/** The SVG of a medal's QR code with its code under it (the poster's too), drawn in filled squares. */
export function medalQrSvg(code: string): Promise<string> {
  return qrSvg(medalUrl(code), code);
}

/**
 * The SVG of a QR code of `url` with `caption` under it, drawn in filled squares: a medal's, or the poster's of
 * a loss's search page (with the medal's code under it, the address a passer-by can type).
 */
export async function qrSvg(url: string, caption: string): Promise<string> {
  const QRCode = await qrcode();
  const { modules } = QRCode.create(url, QR);
  const size = modules.size + 2 * QR.margin;
  const squares = darkRuns(modules).map(
    (run) =>
      `<rect x="${QR.margin + run.column}" y="${QR.margin + run.row}" width="${run.length}" height="1" fill="#000000"/>`,
  );
  const qr = `<svg x="0" y="0" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">${squares.join('')}</svg>`;
  return withCodeUnder(qr, size, caption);
}

/** The SVG and PNG of a medal's QR code with its code under it, as text and as a Blob. */
export async function medalQrFiles(code: string): Promise<{ svg: string; png: Blob }> {
  const QRCode = await qrcode();
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, medalUrl(code), { ...QR, width: PNG_WIDTH });
  return { svg: await medalQrSvg(code), png: await pngWithCodeUnder(canvas, code) };
}

/** The code's line under the QR code: a tenth of its height, in bold monospace as on the sheet. */
const LINE = 0.12;

function withCodeUnder(qr: string, size: number, code: string): string {
  const line = Math.ceil(size * LINE);
  const height = size + line;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${height}" width="${size * 10}" height="${height * 10}">`,
    `<rect width="${size}" height="${height}" fill="#ffffff"/>`,
    qr,
    `<text x="${size / 2}" y="${size + line * 0.55}" text-anchor="middle" font-family="Courier New, Courier, monospace" font-weight="bold" font-size="${(line * 0.75).toFixed(2)}" fill="#000000">${code}</text>`,
    '</svg>',
  ].join('');
}

async function pngWithCodeUnder(qr: HTMLCanvasElement, code: string): Promise<Blob> {
  const line = Math.ceil(qr.width * LINE);
  const canvas = document.createElement('canvas');
  canvas.width = qr.width;
  canvas.height = qr.height + line;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(qr, 0, 0);
  context.fillStyle = '#000000';
  context.font = `bold ${Math.round(line * 0.6)}px "Courier New", Courier, monospace`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(code, canvas.width / 2, qr.height + line * 0.4, canvas.width * 0.9);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the QR code could not be encoded');
  return blob;
}
