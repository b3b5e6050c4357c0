// sweep-photos (DESIGN D10, issue 13): stored files never outlive their rows. Files over an hour old that no
// row uses are removed through the Storage API, by the service role only; the local stack runs the sweep on
// a timer as pg_cron does on hosted Supabase.
import { randomUUID } from 'node:crypto';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHs256, WRONG_SECRET } from '../security/support.ts';
import { activatedAnimal } from '../support/finder.ts';
import { age, answerOf, storedOf, storePhoto } from '../support/photos.ts';

type Owner = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;
let owner: Owner;

beforeAll(async () => {
  // The sweeps of this file are the ones it makes: no timer.
  stack = await startTestStack({ photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
  owner = await stack.signedInOwner('sweep');
});
afterAll(() => stack?.close());

/** What the portal leaves in the bucket over time, the orphans aged past the hour. */
async function bucketWithOrphans(who: Owner, on: TestStack = stack) {
  const { animalId } = await activatedAnimal(on, who.client, { nom: 'Balai' });
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

/**
 * Runs `during` and answers which of `names` are then still stored. On a PostgreSQL database that other test
 * files share, their stacks' sweeps could remove these aged files at any moment: their rows are held locked
 * meanwhile, so that only `during` could remove them, and a sweep by `during` would wait on the lock, which
 * the time limit reports. (PGlite serves one stack, whose timer is off.)
 */
async function storedAfter(names: string[], during: () => Promise<unknown>) {
  if (!process.env.DATABASE_URL) {
    await during();
    return storedOf(stack, names);
  }
  return stack.db.transaction(async (tx) => {
    await tx.query("select 1 from storage.objects where bucket_id = 'animal-photos' and name = any($1) for update", [
      names,
    ]);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('the call waited on the locked files: it tried to remove them')),
        10_000,
      );
    });
    await Promise.race([during(), waited]).finally(() => clearTimeout(timer));
    const { rows } = await tx.query<{ name: string }>(
      `select name from storage.objects where bucket_id = 'animal-photos' and name = any($1) order by name collate "C"`,
      [names],
    );
    return rows.map((row) => row.name);
  });
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
