import { medalUrl } from './backend.ts';

/** One field of RFC 4180 CSV, quoted when it must be (a batch name may hold commas or quotes). */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The batch for the manufacturer: one line a medal, with the URL its QR code holds. */
export function batchCsv(codes: string[], siteUrl: string, batch: string, createdAt: Date): string {
  const lines = [['code', 'url', 'batch', 'created_at']];
  for (const code of codes) lines.push([code, medalUrl(siteUrl, code), batch, createdAt.toISOString()]);
  return `${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}
