import { scanAnswerProblems } from '@medaille/domain';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };
let photos: string[];

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('profile');
  rex = await stack.activatedAnimal(owner.client, {
    nom: 'Rex',
    espece: 'dog',
    race: 'Beagle',
    couleur: 'Tricolore',
    annee_naissance: 2019,
    sexe: 'M',
    sterilise: true,
    poids_kg: 12.5,
    informations_importantes: 'Sourd',
    allergies: 'Poulet',
    medications: 'Aucun',
    caractere: 'Joueur',
    informations_veterinaires: 'Dr Martin',
    puce_ou_tatouage: '250269604000001',
    email_proprietaire: 'prive-owner@example.fr',
    telephone_proprietaire: '0699999999',
  });
  photos = [];
  for (const [index, name] of ['a.jpg', 'b.jpg'].entries()) {
    const path = `${rex.animalId}/${name}`;
    await owner.client.storage
      .from('animal-photos')
      .upload(path, new Blob([new Uint8Array([0xff, 0xd8, 0xff, index])], { type: 'image/jpeg' }));
    const { data } = await owner.client
      .from('animal_photos')
      .insert({ animal_id: rex.animalId, path, width: 800, height: 600, position: index })
      .select('id')
      .single();
    photos.push(data?.id);
  }
  const { error } = await owner.client
    .from('animals')
    .update({
      cover_photo_id: photos[1],
      is_lost: true,
      // Stored in E.164: the form a leak would carry.
      public_phone: '+33612345678',
      show_public_phone: false,
      public_email: 'public-rex@example.fr',
      show_public_email: true,
      public_address_line: '3 rue des Lilas',
      public_city: null,
      show_public_address: true,
      second_contact_name: 'Marie',
      second_contact_phone: '+33733333333',
      show_second_contact_phone: false,
      second_contact_email: 'second-rex@example.fr',
      show_second_contact_email: true,
    })
    .eq('id', rex.animalId);
  if (error) throw error;
});
afterAll(() => stack?.close());

describe('get_public_profile', () => {
  it('gives a claimed code’s public profile, photos cover first with URLs that download', async () => {
    const { status, body } = await invoke(stack, 'get_public_profile', { code: ` ${rex.code.toLowerCase()} ` });
    expect(status).toBe(200);
    // The shape the scan page reads, photos with their URLs, and no field it does not declare.
    expect(scanAnswerProblems(body, { exact: true })).toEqual([]);
    expect(body).toMatchObject({
      status: 'claimed',
      code: rex.code,
      name: 'Rex',
      species: 'dog',
      breed: 'Beagle',
      color: 'Tricolore',
      sex: 'M',
      sterilized: true,
      weight_kg: 12.5,
      birth_year: 2019,
      important_info: 'Sourd',
      allergies: 'Poulet',
      meds: 'Aucun',
      temperament: 'Joueur',
      vet_info: 'Dr Martin',
      chip_or_tattoo: '250269604000001',
      is_lost: true,
      last_known_location: null,
      cover_photo_id: photos[1],
      public_email: 'public-rex@example.fr',
      show_public_email: true,
      second_contact_name: 'Marie',
      second_contact_email: 'second-rex@example.fr',
      show_second_contact_email: true,
    });
    expect(body.photos.map((photo: { id: string }) => photo.id)).toEqual([photos[1], photos[0]]);
    const cover = await fetch(body.photos[0].url);
    expect(cover.status).toBe(200);
    expect([...new Uint8Array(await cover.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1]);
  });

  it('sends no hidden contact, no half address, and nothing private of the owner', async () => {
    const { body, text } = await invoke(stack, 'get_public_profile', { code: rex.code });
    expect(body).toMatchObject({
      show_public_phone: false,
      show_public_address: false,
      show_second_contact_phone: false,
    });
    for (const field of [
      'public_phone',
      'second_contact_phone',
      'public_address_line',
      'public_city',
      'proprietaire_id',
      'email_proprietaire',
    ]) {
      expect(body).not.toHaveProperty(field);
    }
    for (const secret of [
      '612345678',
      '733333333',
      '3 rue des Lilas',
      'prive-owner@example.fr',
      '699999999',
      owner.userId,
      owner.email,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('tells an unclaimed code from an unknown, malformed or retired one', async () => {
    const free = await stack.newCode();
    expect((await invoke(stack, 'get_public_profile', { code: free })).body).toEqual({
      status: 'unclaimed',
      code: free,
    });
    const retired = await stack.activatedAnimal(owner.client, { nom: 'Parti' });
    await owner.client.from('animals').delete().eq('id', retired.animalId);
    for (const code of ['MDL-INCONNU', 'bonjour']) {
      const { status, body } = await invoke(stack, 'get_public_profile', { code });
      expect({ status, state: body.status }).toEqual({ status: 200, state: 'not_found' });
    }
    // A medal whose animal was deleted is retired: said so, with nothing of the animal, never unclaimed.
    expect(await invoke(stack, 'get_public_profile', { code: retired.code })).toMatchObject({
      status: 200,
      body: { status: 'retired', code: retired.code },
    });
  });

  it('refuses a request without a code', async () => {
    const { status, body } = await invoke(stack, 'get_public_profile', { nothing: true });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'invalid_request', error: 'Requête invalide.' });
  });

  it('limits each client to 60 look-ups a minute, with a French message', async () => {
    const address = newClientAddress();
    const answers = [];
    for (let i = 0; i < 61; i += 1)
      answers.push(await invoke(stack, 'get_public_profile', { code: `MDL-GUESS-${i}` }, address));
    expect(answers.slice(0, 60).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[60]?.status).toBe(429);
    expect(answers[60]?.body).toEqual({
      code: 'profile_rate_limited',
      error: 'Trop de consultations depuis votre connexion. Réessayez dans une minute.',
    });
    expect((await invoke(stack, 'get_public_profile', { code: rex.code })).status).toBe(200);
  });
});
