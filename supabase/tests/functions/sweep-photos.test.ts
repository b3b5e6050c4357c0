// sweep-photos (docs/decisions/0010-multi-step-writes-on-server.md): stored files never outlive their rows.
// Files over an hour old that no row uses are removed through the Storage API, by the service role only; the local
// stack runs the sweep on a timer as pg_cron does on hosted Supabase.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sweepPhotos from '../../functions/sweep-photos/handler.ts';
import { signHs256, WRONG_SECRET } from '../security/support.ts';

import { age, answerOf, storedOf, storePhoto } from '../support/photos.ts';

type Owner = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;
let owner: Owner;
/** The stack's data folder: its stored bytes are under `storage/{bucket}/{name}`. */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-sweep-'));
  // The sweeps of this file are the ones it makes: no timer.
  stack = await startTestStack({ dataDir, photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
  owner = await stack.signedInOwner('sweep');
});
afterAll(async () => {
  await stack?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** What the portal leaves in the bucket over time, the orphans aged past the hour. */
async function bucketWithOrphans(who: Owner, on: TestStack = stack) {
  const { animalId } = await on.activatedAnimal(who.client, { nom: 'Balai' });
  const gone = randomUUID();
  const orphans = [
    await storePhoto(who.client, `${animalId}/upload-whose-row-failed.jpg`),
    await storePhoto(who.client, `${who.userId}/${gone}.jpg`),
    await storePhoto(who.client, `${who.userId}/staged-${randomUUID()}.jpg`),
  ];
  const used = [
    await storePhoto(who.client, `${animalId}/in-the-gallery.jpg`, { animalId }),
    await storePhoto(who.client, `${who.userId}/${animalId}.jpg`),
  ];
  const fresh = [await storePhoto(who.client, `${animalId}/uploading-now.jpg`)];
  await age(on, [...orphans, ...used]);
  return { orphans, used, fresh };
}

const sweepAs = (client: Owner['client']) => answerOf(client.functions.invoke('sweep-photos', { body: {} }));

/** Runs `during` and answers which of `names` are then still stored: on its own database, only `during` could remove them. */
async function storedAfter(names: string[], during: () => Promise<unknown>) {
  await during();
  return storedOf(stack, names);
}

describe('sweep-photos', () => {
  it('removes files over an hour old that no row uses, and keeps the others', async () => {
    const { orphans, used, fresh } = await bucketWithOrphans(owner);
    const answer = await sweepAs(stack.serviceClient());
    expect(answer.status).toBe(200);
    expect((answer.body as { removed: number }).removed).toBeGreaterThanOrEqual(orphans.length);
    expect(await storedOf(stack, [...orphans, ...used, ...fresh])).toEqual([...used, ...fresh].sort());
    // The files are gone from Storage, not only from its table.
    const download = await stack
      .serviceClient()
      .storage.from('animal-photos')
      .download(orphans[0] as string);
    expect(download.data).toBeNull();
    // Nothing left to do: the next run removes nothing of these.
    expect((await sweepAs(stack.serviceClient())).status).toBe(200);
    expect(await storedOf(stack, [...used, ...fresh])).toEqual([...used, ...fresh].sort());
  });

  it('is refused to everyone but the service role, and removes nothing for them', async () => {
    const { orphans } = await bucketWithOrphans(owner);
    const stranger = await stack.signedInOwner('sweep-other');
    const forged = signHs256({ sub: owner.userId, role: 'service_role' }, WRONG_SECRET);
    const answers: Record<string, unknown> = {};
    const send = (headers: Record<string, string>) =>
      fetchFrom(newClientAddress())(`${stack.url}/functions/v1/sweep-photos`, { method: 'POST', headers, body: '{}' });
    const left = await storedAfter(orphans, async () => {
      answers.anon = await sweepAs(stack.client());
      answers.owner = await sweepAs(owner.client);
      answers.otherOwner = await sweepAs(stranger.client);
      const withForged = await send({ apikey: stack.anonKey, authorization: `Bearer ${forged}` });
      answers.forged = { status: withForged.status, body: await withForged.json() };
      const withNothing = await send({});
      answers.nothing = { status: withNothing.status };
    });
    const unauthenticated = {
      status: 401,
      body: { code: 'unauthenticated', error: 'Session expirée. Reconnectez-vous pour continuer.' },
    };
    const forbidden = {
      status: 403,
      body: { code: 'forbidden', error: "Vous n'avez pas le droit de faire cette opération." },
    };
    expect(answers).toEqual({
      anon: unauthenticated,
      owner: forbidden,
      otherOwner: forbidden,
      forged: unauthenticated,
      nothing: { status: 401 },
    });
    expect(left).toEqual([...orphans].sort());
  });

  it('goes on past a file it cannot remove: counts it, removes the others, and reaches the finders’ photos', async () => {
    const who = await stack.signedInOwner('sweep-bad');
    const { orphans, used, fresh } = await bucketWithOrphans(who);
    // Rows without the bytes they name, as an older stack left them: a name no disk can hold (its upload
    // failed after the row), and a name whose place on disk holds a folder, which no removal of a file takes.
    const leftover = `${who.userId}/${'a'.repeat(252)}.jpg`;
    const stuck = `${who.userId}/stuck.jpg`;
    await stack.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, created_at, updated_at)
       select 'animal-photos', name, $2::uuid, $2, '{}', now() - interval '2 hours', now() - interval '2 hours'
       from unnest($1::text[]) name`,
      [[leftover, stuck], who.userId],
    );
    await mkdir(join(dataDir, 'storage', 'animal-photos', stuck), { recursive: true });
    await writeFile(join(dataDir, 'storage', 'animal-photos', stuck, 'inside'), 'not a photo');
    // A finder's photo of an animal that is gone: the second bucket, swept after the first.
    const finderOrphan = `${randomUUID()}/${randomUUID()}.jpg`;
    await stack.db.query(`insert into storage.objects (bucket_id, name, metadata) values ('finder-photos', $1, '{}')`, [
      finderOrphan,
    ]);

    const answer = await sweepAs(stack.serviceClient());
    expect(answer.status).toBe(200);
    const { removed, failed } = answer.body as { removed: number; failed: number };
    expect(removed).toBeGreaterThanOrEqual(orphans.length + 2);
    expect(await storedOf(stack, [...orphans, leftover, ...used, ...fresh])).toEqual([...used, ...fresh].sort());
    const finderLeft = await stack.db.query(
      "select 1 from storage.objects where bucket_id = 'finder-photos' and name = $1",
      [finderOrphan],
    );
    expect(finderLeft.rows).toEqual([]);
    // The stuck file's row stays for the next run, which tries again. (Another test file's stack, on a
    // PostgreSQL database they share, may have removed it first: its disk holds nothing at that name.)
    const stuckLeft = await storedOf(stack, [stuck]);
    if (stuckLeft.length > 0) expect(failed).toBe(1);
  });

  it('stops trying after 10 files when Storage refuses every removal: nothing removed, the rest counted as failed', async () => {
    const planted = Array.from({ length: 12 }, () => `${randomUUID()}/refused.jpg`);
    await stack.db.query(
      `insert into storage.objects (bucket_id, name, metadata, created_at, updated_at)
       select 'animal-photos', name, '{}', now() - interval '2 hours', now() - interval '2 hours'
       from unnest($1::text[]) name`,
      [planted],
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let body: unknown;
    try {
      const left = await storedAfter(planted, async () => {
        // Listed with the caller's key, removed with a key Storage refuses: every removal fails.
        const response = await sweepPhotos(
          new Request(`${stack.url}/functions/v1/sweep-photos`, {
            method: 'POST',
            headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
            body: '{}',
          }),
          { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey, SUPABASE_SERVICE_ROLE_KEY: 'not-the-key' },
        );
        body = { status: response.status, ...((await response.json()) as Record<string, unknown>) };
      });
      expect(left).toEqual([...planted].sort());
      const tried = logged.mock.calls.filter(([line]) => String(line).includes('could not remove'));
      expect(tried).toHaveLength(10);
    } finally {
      logged.mockRestore();
    }
    expect(body).toEqual({ status: 200, removed: 0, failed: expect.any(Number) });
    expect((body as { failed: number }).failed).toBeGreaterThanOrEqual(planted.length);
    expect((await stack.serviceClient().storage.from('animal-photos').remove(planted)).error).toBeNull();
  });

  it('takes the secret key in apikey alone, as the scheduled job sends it', async () => {
    const { orphans } = await bucketWithOrphans(await stack.signedInOwner('sweep-key'));
    const response = await fetchFrom(newClientAddress())(`${stack.url}/functions/v1/sweep-photos`, {
      method: 'POST',
      headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(await storedOf(stack, orphans)).toEqual([]);
  });
});

describe('the local stack’s timer', () => {
  it('runs sweep-photos shortly after start, then every interval', async () => {
    const timed = await startTestStack({ photoSweep: { firstDelayMs: 200, intervalMs: 300 } });
    try {
      const who = await timed.signedInOwner('sweep-timer');
      const first = await bucketWithOrphans(who, timed);
      await until(async () => (await storedOf(timed, first.orphans)).length === 0);
      expect(await storedOf(timed, [...first.used, ...first.fresh])).toEqual([...first.used, ...first.fresh].sort());
      // Later runs catch what became an orphan since.
      const later = await storePhoto(who.client, `${who.userId}/later-${randomUUID()}.jpg`);
      await age(timed, [later]);
      await until(async () => (await storedOf(timed, [later])).length === 0);
    } finally {
      await timed.close();
    }
  }, 120_000);
});

async function until(done: () => Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
