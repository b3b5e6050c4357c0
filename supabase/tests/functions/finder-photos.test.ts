// The finder's photo: one photo with a message to the owner, checked by its bytes and size before
// anything is stored, limited per client and per animal, kept in the private finder-photos bucket that only
// the animal's owner reads, and never outliving its message or its animal.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';
import { answerOf } from '../support/photos.ts';

const BUCKET = 'finder-photos';
type Owner = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;
let owner: Owner;
let stranger: Owner;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack({ photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
  owner = await stack.signedInOwner('photos');
  stranger = await stack.signedInOwner('stranger');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());

/** A small JPEG, PNG or WebP as its first bytes say, then filler: base64 as the scan page sends it. */
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP = [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];
const photo = (signature: number[], size = 2048) => {
  const bytes = Buffer.alloc(size, 0x2a);
  Buffer.from(signature).copy(bytes);
  return bytes.toString('base64');
};

async function storedFiles(): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 order by name collate "C"',
    [BUCKET],
  );
  return rows.map((row) => row.name);
}

async function photoPaths(animalId: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ photo_path: string }>(
    'select photo_path from public.finder_messages where animal_id = $1 and photo_path is not null order by created_at',
    [animalId],
  );
  return rows.map((row) => row.photo_path);
}

describe('a finder’s photo', () => {
  it('reaches the owner alone: stored in the animal’s folder, read by the owner, linked to the inbox in the e-mail', async () => {
    const sent = photo(JPEG, 4000);
    const answer = await invoke(stack, 'post_finder_message', {
      code: rex.code,
      message: 'Il est avec moi, voici une photo.',
      photo: sent,
    });
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200, body: { ok: true } });
    const [path] = await photoPaths(rex.animalId);
    expect(path).toMatch(new RegExp(`^${rex.animalId}/[0-9a-f-]{36}\\.jpg$`));

    // The owner reads it as the portal would, with their session (Storage's authenticated route).
    const mine = await owner.client.storage.from(BUCKET).download(path as string);
    expect(mine.error).toBeNull();
    expect(Buffer.from(await (mine.data as Blob).arrayBuffer()).toString('base64')).toBe(sent);
    expect((mine.data as Blob).type).toBe('image/jpeg');

    // Nobody else: another owner, the anon key on either route, and no listing.
    expect((await stranger.client.storage.from(BUCKET).download(path as string)).data).toBeNull();
    expect(
      (
        await stack
          .client()
          .storage.from(BUCKET)
          .download(path as string)
      ).data,
    ).toBeNull();
    const publicRoute = await fetch(`${stack.url}/storage/v1/object/public/${BUCKET}/${path}`);
    expect(publicRoute.ok).toBe(false);
    expect((await stranger.client.storage.from(BUCKET).list(rex.animalId)).data).toEqual([]);
    expect((await stack.client().storage.from(BUCKET).list(rex.animalId)).data).toEqual([]);
    expect(await stranger.client.storage.from(BUCKET).remove([path as string])).toMatchObject({ data: [] });
    expect(await storedFiles()).toContain(path);

    const [mail] = await stack.mails(owner.email);
    expect(mail?.text).toContain('Cette personne a joint une photo de Rex.');
    expect(mail?.text).toContain(`/mon-compte/animal/${rex.animalId}/historique`);
    expect(mail?.text).not.toContain('/storage/');
    expect(mail?.html).toContain('>Voir dans vos messages</a>');
  });

  it('takes PNG and WebP by their bytes, and refuses anything else or over 700 KB without storing a thing', async () => {
    for (const [signature, extension] of [
      [PNG, 'png'],
      [WEBP, 'webp'],
    ] as const) {
      expect(
        (await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Vu', photo: photo(signature) })).status,
      ).toBe(200);
      expect((await photoPaths(rex.animalId)).at(-1)).toMatch(new RegExp(`\\.${extension}$`));
    }
    const before = { files: await storedFiles(), paths: await photoPaths(rex.animalId) };
    const cases = [
      [
        photo([...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')]),
        400,
        'photo_type',
        'La photo doit être au format JPEG, PNG ou WebP.',
      ],
      [
        photo([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]),
        400,
        'photo_type',
        'La photo doit être au format JPEG, PNG ou WebP.',
      ],
      [photo(JPEG, 700 * 1024 + 1), 400, 'photo_too_large', 'La photo est trop lourde. Choisissez-en une autre.'],
      ['pas du base64 !', 400, 'invalid_request', 'Requête invalide.'],
      [42, 400, 'invalid_request', 'Requête invalide.'],
    ] as const;
    for (const [sent, status, code, error] of cases) {
      const answer = await invoke(stack, 'post_finder_message', { code: rex.code, message: 'Refusé', photo: sent });
      expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { code, error } });
    }
    expect(
      (
        await invoke(stack, 'post_finder_message', {
          code: rex.code,
          message: 'x',
          photo: photo(JPEG, 700 * 1024),
        })
      ).status,
    ).toBe(200);
    expect((await storedFiles()).length).toBe(before.files.length + 1);
    expect((await photoPaths(rex.animalId)).length).toBe(before.paths.length + 1);
  });

  it('accepts 9 photos a day from one client, 3 per animal, then refuses in French and stores nothing', async () => {
    const animals = [
      await stack.activatedAnimal(owner.client, { nom: 'Nala' }),
      await stack.activatedAnimal(owner.client, { nom: 'Filou' }),
      await stack.activatedAnimal(owner.client, { nom: 'Moka' }),
    ];
    const address = newClientAddress();
    for (let i = 0; i < 9; i += 1) {
      const code = animals[i % 3]?.code as string;
      const answer = await invoke(
        stack,
        'post_finder_message',
        { code, message: `n°${i}`, photo: photo(JPEG) },
        address,
      );
      expect(answer.status).toBe(200);
    }
    const third = animals[2] as { code: string };
    const files = await storedFiles();
    const tenth = await invoke(
      stack,
      'post_finder_message',
      { code: rex.code, message: 'dixième', photo: photo(JPEG) },
      address,
    );
    expect({ status: tenth.status, body: tenth.body, retry: tenth.headers.get('retry-after') }).toEqual({
      status: 429,
      body: {
        code: 'photo_rate_limited',
        error: "Vous avez déjà envoyé plusieurs photos aujourd'hui. Envoyez votre message sans photo.",
      },
      retry: '86400',
    });
    expect(await storedFiles()).toEqual(files);
    const { rows } = await stack.db.query("select 1 from public.finder_messages where message = 'dixième'");
    expect(rows).toHaveLength(0);
    // The same client may still write without a photo, and another client send one.
    expect(
      (await invoke(stack, 'post_finder_message', { code: rex.code, message: 'sans photo' }, address)).status,
    ).toBe(200);
    expect(
      (await invoke(stack, 'post_finder_message', { code: third.code, message: 'moi', photo: photo(JPEG) })).status,
    ).toBe(200);
  });

  it('takes 3 photos a day per client for one animal: 4 addresses sending 5 each leave room for a real finder', async () => {
    const star = await stack.activatedAnimal(owner.client, { nom: 'Star' });
    const statuses: number[] = [];
    for (let a = 0; a < 4; a += 1) {
      const junk = newClientAddress();
      for (let i = 0; i < 5; i += 1) {
        statuses.push(
          (
            await invoke(
              stack,
              'post_finder_message',
              { code: star.code, message: `pub ${i}`, photo: photo(JPEG) },
              junk,
            )
          ).status,
        );
      }
    }
    expect(statuses).toEqual(Array(4).fill([200, 200, 200, 429, 429]).flat());
    const found = await invoke(stack, 'post_finder_message', {
      code: star.code,
      message: 'Elle est chez moi',
      photo: photo(JPEG),
    });
    expect(found.status).toBe(200);
    expect(await photoPaths(star.animalId)).toHaveLength(13);
  });

  it('accepts 40 photos a day for one animal from everyone, then refuses the 41st', async () => {
    const busy = await stack.activatedAnimal(owner.client, { nom: 'Célèbre' });
    // Each from a finder of its own (invoke's default: a new address).
    for (let i = 0; i < 40; i += 1) {
      const answer = await invoke(stack, 'post_finder_message', {
        code: busy.code,
        message: `n°${i}`,
        photo: photo(JPEG),
      });
      expect(answer.status).toBe(200);
    }
    const answer = await invoke(stack, 'post_finder_message', {
      code: busy.code,
      message: 'encore',
      photo: photo(JPEG),
    });
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 429,
      code: 'photo_animal_rate_limited',
    });
    expect(await photoPaths(busy.animalId)).toHaveLength(40);
  });

  it('removes the stored file when its message cannot be stored', async () => {
    await stack.db.query(`create function public.test_refuse_message() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await stack.db.query(`create trigger test_refuse_message before insert on public.finder_messages
      for each row when (new.message = 'refusé en base') execute function public.test_refuse_message()`);
    try {
      const files = await storedFiles();
      const answer = await invoke(stack, 'post_finder_message', {
        code: rex.code,
        message: 'refusé en base',
        photo: photo(JPEG),
      });
      expect(answer.status).toBe(500);
      expect(await storedFiles()).toEqual(files);
    } finally {
      await stack.db.query('drop trigger test_refuse_message on public.finder_messages');
      await stack.db.query('drop function public.test_refuse_message()');
    }
  });

  it('goes with its animal (delete-animal), and the sweep removes those whose message is gone', async () => {
    const gone = await stack.activatedAnimal(owner.client, { nom: 'Parti' });
    for (const message of ['un', 'deux']) {
      await invoke(stack, 'post_finder_message', { code: gone.code, message, photo: photo(JPEG) });
    }
    const kept = await stack.activatedAnimal(owner.client, { nom: 'Resté' });
    await invoke(stack, 'post_finder_message', { code: kept.code, message: 'garder', photo: photo(JPEG) });
    await invoke(stack, 'post_finder_message', { code: kept.code, message: 'effacer', photo: photo(JPEG) });
    const [keptPath, deletedPath] = await photoPaths(kept.animalId);
    const gonePaths = await photoPaths(gone.animalId);
    expect(gonePaths).toHaveLength(2);

    const deleted = await answerOf(
      owner.client.functions.invoke('delete-animal', { body: { animal_id: gone.animalId } }),
    );
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    const afterDelete = await storedFiles();
    expect(afterDelete.filter((name) => name.startsWith(`${gone.animalId}/`))).toEqual([]);

    // The owner deletes a message in the inbox: its photo stays until the sweep, after the hour of grace.
    await owner.client
      .from('finder_messages')
      .delete()
      .eq('photo_path', deletedPath as string);
    const sweep = () => answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));
    await sweep();
    expect(await storedFiles()).toContain(deletedPath);
    await stack.db.query(
      `update storage.objects set created_at = now() - interval '2 hours', updated_at = now() - interval '2 hours'
       where bucket_id = $1`,
      [BUCKET],
    );
    expect((await sweep()).status).toBe(200);
    const remaining = await storedFiles();
    expect(remaining).not.toContain(deletedPath);
    expect(remaining).toContain(keptPath);
    expect(remaining).toEqual(
      await stack.db
        .query<{ photo_path: string }>(
          'select photo_path from public.finder_messages where photo_path is not null order by photo_path collate "C"',
        )
        .then(({ rows }) => rows.map((row) => row.photo_path)),
    );
  });

  it('sweeps at once the photos of an animal deleted elsewhere (an account deleted in SQL)', async () => {
    const elsewhere = await stack.activatedAnimal(owner.client, { nom: 'Ailleurs' });
    await invoke(stack, 'post_finder_message', { code: elsewhere.code, message: 'photo', photo: photo(JPEG) });
    const [path] = await photoPaths(elsewhere.animalId);
    await owner.client.rpc('delete_animal', { p_animal_id: elsewhere.animalId });
    expect(await storedFiles()).toContain(path);
    await answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));
    expect(await storedFiles()).not.toContain(path);
  });
});

describe('a passer-by’s photo with a sighting on a search page', () => {
  it('reaches the household alone, goes at once with a sighting refused, and is forgotten 30 days after the return', async () => {
    const lost = await stack.activatedAnimal(owner.client, { nom: 'Perdu' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', lost.animalId);
    const { data: search } = await owner.client.from('searches').select('id').eq('animal_id', lost.animalId).single();
    const searchId = (search as { id: string }).id;
    const sent = photo(JPEG, 3000);
    const answer = await invoke(stack, 'report-sighting', { id: searchId, kind: 'seen', words: 'Vu', photo: sent });
    expect(answer.status).toBe(200);
    const { data: rows } = await owner.client.from('sightings').select('photo_path').eq('search_id', searchId);
    const path = (rows as { photo_path: string }[])[0]?.photo_path as string;
    expect(path).toMatch(new RegExp(`^${lost.animalId}/[0-9a-f-]{36}\\.jpg$`));
    const mine = await owner.client.storage.from(BUCKET).download(path);
    expect(Buffer.from(await (mine.data as Blob).arrayBuffer()).toString('base64')).toBe(sent);
    expect((await stranger.client.storage.from(BUCKET).download(path)).data).toBeNull();
    expect((await stack.client().storage.from(BUCKET).download(path)).data).toBeNull();
    // The public page says nothing of it.
    expect(JSON.stringify((await invoke(stack, 'search', { id: searchId })).body)).not.toContain(path);

    // Refused once the photo was stored (a time in the future): its file goes at once.
    const before = await storedFiles();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const refused = await invoke(stack, 'report-sighting', {
      id: searchId,
      kind: 'seen',
      seen_at: future,
      photo: photo(JPEG),
    });
    expect([refused.status, refused.body.code]).toEqual([400, 'sighting_in_future']);
    expect(await storedFiles()).toEqual(before);
    const large = await invoke(stack, 'report-sighting', {
      id: searchId,
      kind: 'seen',
      photo: photo(JPEG, 700 * 1024 + 1),
    });
    expect([large.status, large.body.code]).toEqual([400, 'photo_too_large']);
    expect(await storedFiles()).toEqual(before);

    // Found, and 31 days later: the sighting names it no more, and the sweep removes it.
    await owner.client.from('animals').update({ is_lost: false }).eq('id', lost.animalId);
    await stack.db.query(`update public.searches set found_at = now() - interval '31 days' where id = $1`, [searchId]);
    await stack.db.query('select public.purge_old_scan_events()');
    await stack.db.query(
      `update storage.objects set created_at = now() - interval '2 hours', updated_at = now() - interval '2 hours'
       where bucket_id = $1 and name = $2`,
      [BUCKET, path],
    );
    expect(await storedFiles()).toContain(path);
    await answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));
    expect(await storedFiles()).not.toContain(path);
  });
});
