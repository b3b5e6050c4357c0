// A full disk under the stack's files, made for real: a small tmpfs (mounted as root) holds the stack's data
// folder and is filled once the stack serves. An upload is then told 503 with Retry-After, never a 500, and
// the stack's log says the disk is full, not that the database is out of reach.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISK_FULL_RETRY_AFTER_SECONDS } from '../src/http/unavailable.ts';
import { startTestStack, type TestStack } from '../src/testing.ts';

let disk: string;
let stack: TestStack;

beforeAll(async () => {
  disk = await mkdtemp(join(tmpdir(), 'medaille-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=200m', 'tmpfs', disk]);
  stack = await startTestStack({ dataDir: join(disk, 'data') });
});
afterAll(async () => {
  await stack?.close().catch(() => {});
  execFileSync('umount', ['--lazy', disk]);
  await rm(disk, { recursive: true, force: true });
});

/** Writes to the disk until it refuses: what is left is less than a kilobyte. */
async function fillDisk() {
  for (const size of [1024 * 1024, 1024]) {
    const chunk = Buffer.alloc(size);
    for (;;) {
      const written = await appendFile(join(disk, `filler-${size}`), chunk).then(
        () => true,
        () => false,
      );
      if (!written) break;
    }
  }
}

describe('a full disk', () => {
  it('an upload is told 503 with Retry-After, and the log says the disk is full', async () => {
    const owner = await stack.signedInOwner('full-disk');
    const { animalId } = await stack.activatedAnimal(owner.client);
    await fillDisk();
    const warnings = vi.spyOn(console, 'warn');
    const photo = new Uint8Array(64 * 1024);
    photo.set([0xff, 0xd8, 0xff, 0xe0]);
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const upload = await fetch(`${stack.url}/storage/v1/object/animal-photos/${animalId}/full.jpg`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
      body: photo,
    });
    expect(upload.status).toBe(503);
    expect(upload.headers.get('retry-after')).toBe(String(DISK_FULL_RETRY_AFTER_SECONDS));
    expect(await upload.json()).toEqual({ message: 'Service temporarily unavailable' });
    expect(warnings.mock.calls.map((call) => String(call[0]))).toContain(
      '[storage] the disk is full (free some space):',
    );
  });
});
