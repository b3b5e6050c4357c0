// The health booklet's documents (the project's private health-documents bucket: PDF, JPEG, PNG, WebP): as for
// images, the bytes must be the type they claim to be, a PDF beginning with '%PDF-', and a file's name ends
// with its type's extension. A refused upload leaves nothing on disk and no row.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/testing.ts';

const BUCKET = 'health-documents';
const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const TEXT = new TextEncoder().encode('Certificat de vaccination : Rage, le 3 mars 2027.');

let dataDir: string;
let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let animalId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-storage-pdf-'));
  stack = await startTestStack({ dataDir });
  owner = await stack.signedInOwner('pdf');
  ({ animalId } = await stack.activatedAnimal(owner.client));
});
afterAll(async () => {
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under the bucket's folder on disk, and the staging folder's files. */
async function onDisk(): Promise<string[]> {
  const root = join(dataDir, 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => path.startsWith(`${BUCKET}/`) || path.startsWith('~staging/'))
    .sort();
}

async function rows(): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>('select name from storage.objects where bucket_id = $1', [
    BUCKET,
  ]);
  return rows.map((row) => row.name).sort();
}

/** The same bytes sent as a Blob (a multipart form) and as a raw body, as supabase-js sends either. */
async function uploadBoth(path: string, bytes: Uint8Array, type: string) {
  const storage = owner.client.storage.from(BUCKET);
  return [
    await storage.upload(path, new Blob([bytes as Uint8Array<ArrayBuffer>], { type })),
    await storage.upload(path, bytes.buffer as ArrayBuffer, { contentType: type }),
  ].map((answer) => answer.error);
}

describe('a health document’s bytes', () => {
  it('are stored when a PDF begins as a PDF', async () => {
    const path = `${animalId}/${randomUUID()}.pdf`;
    const { error } = await owner.client.storage.from(BUCKET).upload(path, PDF, { contentType: 'application/pdf' });
    expect(error).toBeNull();
    expect(await onDisk()).toEqual([path.replace(/^/, `${BUCKET}/`)]);
    await owner.client.storage.from(BUCKET).remove([path]);
  });

  it('are refused, leaving nothing on disk nor in the table, when they are not the type declared or named', async () => {
    const before = { disk: await onDisk(), rows: await rows() };
    const pdfName = () => `${animalId}/${randomUUID()}.pdf`;
    const refusals = {
      // A PNG named .pdf and declared as a PDF: the bytes say otherwise.
      pngAsPdf: await uploadBoth(pdfName(), PNG, 'application/pdf'),
      // Plain text declared as a PDF.
      textAsPdf: await uploadBoth(pdfName(), TEXT, 'application/pdf'),
      // A PDF declared as an image.
      pdfAsPng: await uploadBoth(`${animalId}/${randomUUID()}.png`, PDF, 'image/png'),
      // A real PNG, declared as such, under a PDF's name: the database refuses the name (42501, Storage's 403).
      pngNamedPdf: await uploadBoth(pdfName(), PNG, 'image/png'),
    };
    expect(refusals).toEqual({
      pngAsPdf: Array(2).fill(
        expect.objectContaining({
          statusCode: '415',
          message: 'The file is not application/pdf: it is image/png',
        }),
      ),
      textAsPdf: Array(2).fill(
        expect.objectContaining({
          statusCode: '415',
          message: 'The file is not application/pdf: its first bytes are not a PDF document',
        }),
      ),
      pdfAsPng: Array(2).fill(
        expect.objectContaining({ statusCode: '415', message: 'The file is not image/png: it is application/pdf' }),
      ),
      pngNamedPdf: Array(2).fill(
        expect.objectContaining({ statusCode: '403', message: 'A file named .pdf cannot be image/png' }),
      ),
    });
    expect({ disk: await onDisk(), rows: await rows() }).toEqual(before);
  });
});
