// Photo operations in SQL (docs/decisions/0010-multi-step-writes-on-server.md): one position rule and the
// first photo as cover whatever the client sends, delete_animal with the names of the animal's files, and the files a
// sweep may remove.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@medaille/local-stack/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, type Owner, openTestDatabase, type TestDatabase } from '../support/database.ts';

let t: TestDatabase;
let owner: Owner;

beforeAll(async () => {
  t = await openTestDatabase();
  owner = await t.createOwner('photos');
});
afterAll(() => t?.close());

class RolledBack extends Error {}

/** Runs fn as the actor in a transaction that is rolled back: its files never meet another test's sweep. */
async function rolledBack<T>(actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await t
    .as(actor, async (tx) => {
      result = await fn(tx);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result as T;
}

/** Adds a photo row as the owner, with the position the client sent when there is one. */
async function addPhoto(animalId: string, position?: number) {
  const path = `${animalId}/${randomUUID()}.jpg`;
  const { rows } = await t.as(owner, (tx) =>
    position === undefined
      ? tx.query<{ id: string }>('insert into public.animal_photos (animal_id, path) values ($1, $2) returning id', [
          animalId,
          path,
        ])
      : tx.query<{ id: string }>(
          'insert into public.animal_photos (animal_id, path, position) values ($1, $2, $3) returning id',
          [animalId, path, position],
        ),
  );
  return rows[0]?.id as string;
}

async function positions(animalId: string) {
  const { rows } = await t.db.query<{ id: string; position: number }>(
    'select id, position from public.animal_photos where animal_id = $1 order by position, created_at',
    [animalId],
  );
  return rows;
}

async function coverOf(animalId: string) {
  const { rows } = await t.db.query<{ cover_photo_id: string | null }>(
    'select cover_photo_id from public.animals where id = $1',
    [animalId],
  );
  return rows[0]?.cover_photo_id;
}

describe('a new photo', () => {
  it('goes after the animal’s last photo, whatever position the client sent', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const ids = [await addPhoto(animalId, 5), await addPhoto(animalId, 0), await addPhoto(animalId)];
    ids.push(await addPhoto(animalId, 99));
    expect(await positions(animalId)).toEqual(ids.map((id, position) => ({ id, position })));
  });

  it('goes after the last one when earlier ones were removed or reordered', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const [first, second, third] = [await addPhoto(animalId), await addPhoto(animalId), await addPhoto(animalId)];
    await t.as(owner, (tx) => tx.query('delete from public.animal_photos where id = $1', [third]));
    await t.as(owner, (tx) => tx.query('select public.reorder_animal_photos($1, $2)', [animalId, [second, first]]));
    const fourth = await addPhoto(animalId, 0);
    expect(await positions(animalId)).toEqual([
      { id: second, position: 0 },
      { id: first, position: 1 },
      { id: fourth, position: 2 },
    ]);
  });

  it('of several in one statement are numbered in order', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const { rows } = await t.as(owner, (tx) =>
      tx.query<{ id: string }>(
        `insert into public.animal_photos (animal_id, path, position)
         select $1::uuid, $1::text || '/' || n || '.jpg', 0 from generate_series(1, 3) n returning id`,
        [animalId],
      ),
    );
    expect(await positions(animalId)).toEqual(rows.map(({ id }, position) => ({ id, position })));
    expect(await coverOf(animalId)).toBe(rows[0]?.id);
  });

  it('never shares a position with one added at the same moment, and one of them is the cover', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const ids = await Promise.all(Array.from({ length: 8 }, () => addPhoto(animalId, 0)));
    const placed = await positions(animalId);
    expect(placed.map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(placed.map((photo) => photo.id).sort()).toEqual([...ids].sort());
    expect(await coverOf(animalId)).toBe(placed[0]?.id);
  });

  it('becomes the cover when the animal has none, and only then', async () => {
    const { animalId } = await t.activateAnimal(owner);
    expect(await coverOf(animalId)).toBeNull();
    const first = await addPhoto(animalId);
    expect(await coverOf(animalId)).toBe(first);
    const second = await addPhoto(animalId);
    expect(await coverOf(animalId)).toBe(first);
    await t.as(owner, (tx) =>
      tx.query('update public.animals set cover_photo_id = $1 where id = $2', [second, animalId]),
    );
    await addPhoto(animalId);
    expect(await coverOf(animalId)).toBe(second);
    // Deleting the cover clears it; the next photo added becomes the cover.
    await t.as(owner, (tx) => tx.query('delete from public.animal_photos where id = $1', [second]));
    expect(await coverOf(animalId)).toBeNull();
    const fourth = await addPhoto(animalId);
    expect(await coverOf(animalId)).toBe(fourth);
  });

  it('is still refused beyond 8, and the refused one takes no position nor the cover', async () => {
    const { animalId } = await t.activateAnimal(owner);
    for (let i = 0; i < 8; i += 1) await addPhoto(animalId);
    await expect(addPhoto(animalId)).rejects.toMatchObject({ code: '23514', message: 'Maximum 8 photos autorisées' });
    const placed = await positions(animalId);
    expect(placed.map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await coverOf(animalId)).toBe(placed[0]?.id);
  });
});

/** Rows of storage.objects as Storage writes them, last written `ageMinutes` ago. */
async function storeFiles(tx: Queryable, names: string[], ageMinutes = 0, bucket = 'animal-photos') {
  await tx.query(
    `insert into storage.objects (bucket_id, name, created_at, updated_at)
     select $1, name, now() - make_interval(mins => $3), now() - make_interval(mins => $3) from unnest($2::text[]) name`,
    [bucket, names, ageMinutes],
  );
}

const fileNames = async (tx: Queryable, prefix: string) =>
  (
    await tx.query<{ name: string }>(
      "select name from storage.objects where bucket_id = 'animal-photos' and starts_with(name, $1) order by name",
      [prefix],
    )
  ).rows.map((row) => row.name);

describe('delete_animal', () => {
  it('deletes the owner’s animal with its photos and answers the names of all its files', async () => {
    const { animalId, code } = await t.activateAnimal(owner);
    const { animalId: otherAnimalId } = await t.activateAnimal(owner);
    await addPhoto(animalId);
    const files = [`${animalId}/a.jpg`, `${animalId}/waiting-for-its-row.png`, `${owner.id}/${animalId}.webp`].sort();
    const others = [`${otherAnimalId}/b.jpg`, `${owner.id}/${otherAnimalId}.jpg`, `${owner.id}/${animalId}-x.jpg`];
    await t.as('service', (tx) => storeFiles(tx, [...files, ...others]));

    const { rows } = await t.as(owner, (tx) =>
      tx.query<{ files: string[] }>('select public.delete_animal($1) as files', [animalId]),
    );
    expect(rows[0]?.files).toEqual(files);

    const left = await t.db.query(
      `select (select count(*) from public.animals where id = $1)::int as animals,
              (select count(*) from public.animal_photos where animal_id = $1)::int as photos`,
      [animalId],
    );
    expect(left.rows).toEqual([{ animals: 0, photos: 0 }]);
    // What deleting the row did before: the medal stays used and leads nowhere.
    const medal = await t.db.query('select used, animal_id from public.codes where id = $1', [code]);
    expect(medal.rows).toEqual([{ used: true, animal_id: null }]);
    // The files themselves are for the Storage API to remove.
    expect(await fileNames(t.db, `${animalId}/`)).toEqual(files.filter((name) => name.startsWith(animalId)));
    await t.removeObjects('animal-photos', [...files, ...others]);
  });

  it('answers an empty list for an animal without files', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const { rows } = await t.as(owner, (tx) =>
      tx.query<{ files: string[] }>('select public.delete_animal($1) as files', [animalId]),
    );
    expect(rows[0]?.files).toEqual([]);
  });

  it('finds no animal of someone else’s, nor an unknown one, and deletes nothing', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const stranger = await t.createOwner('stranger');
    for (const id of [animalId, randomUUID()]) {
      const outcome = await t.attempt(stranger, 'select public.delete_animal($1)', [id]);
      expect(outcome.error).toMatchObject({ code: 'PT404', message: 'Animal introuvable.' });
    }
    const still = await t.db.query('select id from public.animals where id = $1', [animalId]);
    expect(still.rows).toEqual([{ id: animalId }]);
  });

  it('may be called by a signed-in owner only: not anonymously, not by the service role', async () => {
    const { animalId } = await t.activateAnimal(owner);
    for (const actor of ['anon', 'service'] as const) {
      const outcome = await t.attempt(actor, 'select public.delete_animal($1)', [animalId]);
      expect(outcome.error).toMatchObject({ code: '42501' });
    }
    const still = await t.db.query('select id from public.animals where id = $1', [animalId]);
    expect(still.rows).toEqual([{ id: animalId }]);
  });
});

describe('orphan_photo_files', () => {
  it('lists files older than an hour that no row uses, and none other', async () => {
    const { animalId } = await t.activateAnimal(owner);
    const stranger = await t.createOwner('stranger');
    const { animalId: strangersAnimal } = await t.activateAnimal(stranger);
    const photoId = await addPhoto(animalId);
    const { rows: photo } = await t.db.query<{ path: string }>('select path from public.animal_photos where id = $1', [
      photoId,
    ]);
    const gone = randomUUID();
    const orphans = [
      `${animalId}/never-got-its-row.jpg`,
      `${gone}/of-a-deleted-animal.jpg`,
      `${owner.id}/${gone}.jpg`,
      `${owner.id}/${strangersAnimal}.jpg`,
      `${owner.id}/staged-and-forgotten.jpg`,
    ];
    const kept = [photo[0]?.path as string, `${owner.id}/${animalId}.png`, `${stranger.id}/${strangersAnimal}.jpg`];
    const fresh = [`${animalId}/uploading-now.jpg`, `${owner.id}/uploading-now.jpg`];

    const listed = await rolledBack('service', async (tx) => {
      await storeFiles(tx, [...orphans, ...kept], 61);
      await storeFiles(tx, fresh, 59);
      // A file written long ago but replaced a moment ago (an upsert) is as recent as its last write.
      await storeFiles(tx, [`${gone}/replaced-now.jpg`], 120);
      await tx.query('update storage.objects set updated_at = now() where name = $1', [`${gone}/replaced-now.jpg`]);
      await tx.query(
        "insert into storage.buckets (id, name) values ('other-bucket', 'other-bucket') on conflict do nothing",
      );
      await storeFiles(tx, [`${gone}/another-bucket.jpg`], 120, 'other-bucket');
      return (await tx.query<{ files: string[] }>('select public.orphan_photo_files() as files')).rows[0]?.files ?? [];
    });
    expect(listed).toEqual(expect.arrayContaining(orphans));
    for (const name of [...kept, ...fresh, `${gone}/replaced-now.jpg`, `${gone}/another-bucket.jpg`]) {
      expect(listed).not.toContain(name);
    }
    expect([...listed].sort()).toEqual(listed);
  });

  it('lists at most the number asked for', async () => {
    const folder = randomUUID();
    const listed = await rolledBack('service', async (tx) => {
      await storeFiles(tx, [`${folder}/1.jpg`, `${folder}/2.jpg`, `${folder}/3.jpg`], 120);
      return (await tx.query<{ files: string[] }>('select public.orphan_photo_files(2) as files')).rows[0]?.files;
    });
    expect(listed).toHaveLength(2);
  });

  it('may be called by the service role only', async () => {
    for (const actor of ['anon', owner] as const) {
      const outcome = await t.attempt(actor, 'select public.orphan_photo_files()');
      expect(outcome.error).toMatchObject({ code: '42501' });
    }
  });
});
