// The first bytes of each type the product stores: the images, and the health booklet's PDF documents.
// Supabase Storage trusts the declared type; the local stack also checks that the bytes begin as that type, so
// that a page or a script is never stored and served as an image or a PDF (downloads also say nosniff). Four
// signatures, so no detection library.

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const SIGNATURES: Record<string, { name: string; matches: (bytes: Uint8Array) => boolean }> = {
  'image/jpeg': { name: 'JPEG image', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  'image/png': {
    name: 'PNG image',
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  // RIFF, the chunk's size (any), then WEBP.
  'image/webp': {
    name: 'WebP image',
    matches: (bytes) => startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8),
  },
  // The PDF header, '%PDF-' and the version. Readers tolerate bytes before it; a stored document has none.
  'application/pdf': { name: 'PDF document', matches: (bytes) => startsWith(bytes, ascii('%PDF-')) },
};

/**
 * Why the bytes are not the declared type, or null when they are. A type without a known signature is
 * not checked: the bucket's allowed types decide whether it may be stored at all.
 */
export function signatureMismatch(mime: string, bytes: Uint8Array): string | null {
  const declared = SIGNATURES[mime];
  if (!declared || declared.matches(bytes)) return null;
  const actual = Object.entries(SIGNATURES).find(([, signature]) => signature.matches(bytes))?.[0];
  return actual
    ? `The file is not ${mime}: it is ${actual}`
    : `The file is not ${mime}: its first bytes are not a ${declared.name}`;
}
