// Races over HTTP, as real browsers make them: on PostgreSQL the requests truly overlap; on
// PGlite they queue. Either way the outcome must be one a single request could have produced.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

describe('races', () => {
  it('lets exactly one of 20 owners claiming one code at once win, and creates one animal', async () => {
    const code = await stack.newCode();
    // A name of this run's own: a database kept between runs holds the animals of earlier ones.
    const nom = `Disputé ${code}`;
    const owners = await Promise.all(Array.from({ length: 20 }, (_, i) => stack.signedInOwner(`race-${i}`)));
    const answers = await Promise.all(
      owners.map((owner) => owner.client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom } })),
    );
    const won = answers.filter((answer) => answer.data?.success);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.data?.error === 'Code invalide ou déjà utilisé')).toHaveLength(19);
    const { data: animals } = await stack.serviceClient().from('animals').select('id').eq('nom', nom);
    expect(animals).toEqual([{ id: won[0]?.data.animal_id }]);
  });

  it('keeps 8 photos and 8 files when 12 are added at once, as the portal adds them', async () => {
    const owner = await stack.signedInOwner('photos-race');
    const { animalId } = await stack.activatedAnimal(owner.client);
    const bucket = owner.client.storage.from('animal-photos');
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const path = `${animalId}/${i}.jpg`;
        const upload = await bucket.upload(path, new Blob([JPEG], { type: 'image/jpeg' }));
        if (upload.error) return;
        const row = await owner.client.from('animal_photos').insert({ animal_id: animalId, path, position: i });
        if (row.error) await bucket.remove([path]);
      }),
    );
    const { data: rows } = await owner.client.from('animal_photos').select('path').eq('animal_id', animalId);
    const { data: files } = await bucket.list(animalId);
    expect(rows).toHaveLength(8);
    expect((files ?? []).map((file) => `${animalId}/${file.name}`).sort()).toEqual(
      (rows ?? []).map((row) => row.path).sort(),
    );
  });

  it('numbers photos added at once one after the other, whatever position each sent, and makes one the cover', async () => {
    const owner = await stack.signedInOwner('positions-race');
    const { animalId } = await stack.activatedAnimal(owner.client);
    const devices = await Promise.all(Array.from({ length: 6 }, () => stack.client()));
    const added = await Promise.all(
      devices.map(async (device, i) => {
        await device.auth.signInWithPassword({ email: owner.email, password: owner.password });
        // Two old position rules at once: count + 1 from the gallery, the upload's index at activation.
        const position = i % 2 === 0 ? 1 : 0;
        const { data, error } = await device
          .from('animal_photos')
          .insert({ animal_id: animalId, path: `${animalId}/${i}.jpg`, position })
          .select('id')
          .single();
        expect(error).toBeNull();
        return data?.id as string;
      }),
    );
    const { data: photos } = await owner.client
      .from('animal_photos')
      .select('id, position')
      .eq('animal_id', animalId)
      .order('position');
    expect((photos ?? []).map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((photos ?? []).map((photo) => photo.id).sort()).toEqual([...added].sort());
    const { data: animal } = await owner.client.from('animals').select('cover_photo_id').eq('id', animalId).single();
    expect(animal?.cover_photo_id).toBe(photos?.[0]?.id);
  });

  it('ends concurrent reorders with one of the orders asked for, never a mix', async () => {
    const owner = await stack.signedInOwner('reorder-race');
    const { animalId } = await stack.activatedAnimal(owner.client);
    const { data: photos } = await owner.client
      .from('animal_photos')
      .insert(Array.from({ length: 6 }, (_, i) => ({ animal_id: animalId, path: `${animalId}/${i}.jpg`, position: i })))
      .select('id');
    const ids = (photos ?? []).map((photo) => photo.id as string);
    const orders = Array.from({ length: 5 }, () => [...ids].sort(() => Math.random() - 0.5));
    const devices = await Promise.all(orders.map(() => stack.client()));
    await Promise.all(
      devices.map(async (device, i) => {
        await device.auth.signInWithPassword({ email: owner.email, password: owner.password });
        const { error } = await device.rpc('reorder_animal_photos', { p_animal_id: animalId, p_photo_ids: orders[i] });
        expect(error).toBeNull();
      }),
    );
    const { data: final } = await owner.client
      .from('animal_photos')
      .select('id, position')
      .eq('animal_id', animalId)
      .order('position');
    expect((final ?? []).map((photo) => photo.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(orders).toContainEqual((final ?? []).map((photo) => photo.id));
  });

  it('refuses a reorder that leaves out a photo or names another animal’s, and changes nothing', async () => {
    const owner = await stack.signedInOwner('reorder-wrong');
    const other = await stack.signedInOwner('reorder-other');
    const { animalId } = await stack.activatedAnimal(owner.client);
    const { data } = await owner.client
      .from('animal_photos')
      .insert([0, 1].map((i) => ({ animal_id: animalId, path: `${animalId}/${i}.jpg`, position: i })))
      .select('id');
    const [first, second] = (data ?? []).map((photo) => photo.id as string);
    const missing = await owner.client.rpc('reorder_animal_photos', { p_animal_id: animalId, p_photo_ids: [second] });
    expect(missing.error).toMatchObject({ message: 'La liste des photos a changé. Rechargez la page.' });
    const stranger = await other.client.rpc('reorder_animal_photos', {
      p_animal_id: animalId,
      p_photo_ids: [second, first],
    });
    expect(stranger.error).toMatchObject({ message: 'Animal introuvable.' });
    const { data: after } = await owner.client
      .from('animal_photos')
      .select('id')
      .eq('animal_id', animalId)
      .order('position');
    expect((after ?? []).map((photo) => photo.id)).toEqual([first, second]);
  });
});
