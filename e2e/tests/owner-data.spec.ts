// The owner's data rights (RGPD): 'Télécharger mes données' gives one ZIP of the account, its
// rows and photo files, and nothing of another owner; 'Supprimer mon compte', confirmed by the account's
// e-mail typed, leaves no row and no file of the owner (checked through the database with the service role
// and through the Storage API), retires the medals and ends the account.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { unzipSync } from 'fflate';
import WebSocket from 'ws';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, finderCall, newOwner, serviceClient } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

let service: SupabaseClient;
test.beforeAll(() => {
  service = serviceClient(product);
});

/** A finder's call to a public function, as the scan page makes it; it must go through. */
async function asFinder(name: string, body: Record<string, unknown>) {
  const answer = await finderCall(product, name, body);
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** An owner with two animals (one lost), photos, a finder's message and a shared position. */
async function ownerWithAnimals(label: string, names: [string, string]) {
  const owner = await newOwner(product, label);
  const userId = (await owner.client.auth.getUser()).data.user?.id as string;
  const first = await animalOnNewCode(product, owner, { nom: names[0], espece: 'Chien', is_lost: true }, 2);
  const second = await animalOnNewCode(product, owner, { nom: names[1], espece: 'Chat' }, 1);
  await asFinder('post_finder_message', {
    code: first.code,
    message: `J'ai vu ${names[0]} au parc`,
    contact: '0612345678',
  });
  // A finder's photo with a second message, kept in the private finder-photos bucket.
  const photo = Buffer.alloc(2048, 0x2a);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).copy(photo);
  await asFinder('post_finder_message', { code: first.code, message: 'Le voici', photo: photo.toString('base64') });
  await asFinder('record-scan', {
    codeId: first.code,
    animalId: first.animalId,
    lat: 45.76,
    lon: 4.83,
    accuracy: 12,
    consent: true,
  });
  // The lost animal's page opened by a finder: a profile view.
  expect((await asFinder('get_public_profile', { code: first.code })).status).toBe('claimed');
  const { data: photos } = await owner.client.from('animal_photos').select('path').order('path');
  return { owner, userId, animals: [first, second], photoPaths: (photos ?? []).map((photo) => photo.path as string) };
}

type Account = Awaited<ReturnType<typeof ownerWithAnimals>>;

/** Every row of an account, read with the service role (no row level security). */
async function rowsOf(account: Account) {
  const ids = account.animals.map((animal) => animal.animalId);
  const codes = account.animals.map((animal) => animal.code);
  const count = async (table: string, column: string, values: string[]) => {
    const { count: n, error } = await service
      .from(table)
      .select('*', { count: 'exact', head: true })
      .in(column, values);
    if (error) throw error;
    return n ?? 0;
  };
  const user = await service.auth.admin.getUserById(account.userId);
  return {
    user: user.data.user ? 1 : 0,
    animals: (await count('animals', 'id', ids)) + (await count('animals', 'proprietaire_id', [account.userId])),
    photos: await count('animal_photos', 'animal_id', ids),
    codesWithAnimal: await count('codes', 'animal_id', ids),
    messages: (await count('finder_messages', 'animal_id', ids)) + (await count('finder_messages', 'code_id', codes)),
    conversations: await count('conversations', 'animal_id', ids),
    positions: (await count('scan_events', 'animal_id', ids)) + (await count('scan_events', 'code_id', codes)),
    views: (await count('profile_views', 'animal_id', ids)) + (await count('profile_views', 'code_id', codes)),
    limits: await count(
      'rate_limit_hits',
      'bucket',
      ids.flatMap((id) => [`owner-mail:${id}`, `lost-view-mail:${id}`]),
    ),
  };
}

/** What the Storage API lists in the account's folders of the three buckets, with the service role. */
async function storedFiles(account: Account) {
  const names: string[] = [];
  const animalFolders = account.animals.map((animal) => animal.animalId);
  for (const [bucket, folders] of [
    ['animal-photos', [...animalFolders, account.userId]],
    ['finder-photos', animalFolders],
    ['health-documents', animalFolders],
  ] as const) {
    for (const folder of folders) {
      const { data, error } = await service.storage.from(bucket).list(folder);
      if (error) throw error;
      names.push(...data.map((file) => `${bucket}/${folder}/${file.name}`));
    }
  }
  return names.sort();
}

async function openDeletion(page: Page) {
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
  await expect(dialog).toContainText('irréversible');
  await expect(dialog).toContainText('Médaille retirée');
  return dialog;
}

test('the owner downloads their data as one ZIP, then deletes the account: nothing of theirs is left, the other owner keeps everything', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mine = await ownerWithAnimals('rgpd', ['Pistou', 'Réglisse']);
  // A second Pistou, whose photos must not mix with the first one's in the ZIP.
  mine.animals.push(await animalOnNewCode(product, mine.owner, { nom: 'Pistou', espece: 'Chien' }, 1));
  const theirs = await ownerWithAnimals('rgpd-autre', ['Voisin', 'Voisine']);
  expect(await rowsOf(mine)).toMatchObject({
    user: 1,
    animals: 6,
    photos: 4,
    messages: 4,
    conversations: 2,
    positions: 2,
    views: 2,
  });
  const theirsBefore = await rowsOf(theirs);
  const theirFiles = await storedFiles(theirs);
  expect(theirFiles).toHaveLength(4);
  const { data: sent } = await service
    .from('finder_messages')
    .select('photo_path')
    .eq('animal_id', mine.animals[0]?.animalId as string)
    .not('photo_path', 'is', null)
    .single();
  const finderPhoto = sent?.photo_path as string;
  // The first Pistou's health booklet: a vaccination and its certificate, stored as the portal stores them.
  const firstId = mine.animals[0]?.animalId as string;
  const certificate = `${firstId}/${crypto.randomUUID()}.pdf`;
  const pdf = new Blob([new TextEncoder().encode('%PDF-1.4\n% certificat\n')], { type: 'application/pdf' });
  const stored = await mine.owner.client.storage.from('health-documents').upload(certificate, pdf);
  if (stored.error) throw stored.error;
  for (const [table, row] of [
    [
      'health_documents',
      { animal_id: firstId, path: certificate, title: 'Certificat de vaccination', kind: 'vaccination' },
    ],
    [
      'health_records',
      { animal_id: firstId, kind: 'vaccination', label: 'Rage', given_on: '2026-03-03', next_due_on: '2027-03-03' },
    ],
  ] as const) {
    const { error } = await mine.owner.client.from(table).insert(row);
    if (error) throw error;
  }

  // The owner answered the first finder: the conversation and the answer are theirs to export.
  const { data: opened } = await mine.owner.client
    .from('conversations')
    .select('id')
    .eq('animal_id', firstId)
    .order('created_at')
    .limit(1)
    .single();
  const answered = await mine.owner.client.functions.invoke('answer-conversation', {
    body: { conversation_id: opened?.id, body: 'Merci, je viens le chercher.' },
  });
  expect(answered.error).toBeNull();
  // Réglisse was lost, then found again: the reunion is the household's too.
  const secondId = mine.animals[1]?.animalId as string;
  for (const lost of [true, false]) {
    expect((await mine.owner.client.from('animals').update({ is_lost: lost }).eq('id', secondId)).error).toBeNull();
  }

  await signIn(page, product, mine.owner);
  const section = page.getByRole('region', { name: 'Mon compte' });
  await expect(section).toContainText(mine.owner.email);
  await expectAccessible(page);

  // The export: the ZIP is built in this browser with the owner's session.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Télécharger mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^medaille-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(toastTitle(page, 'Vos données sont téléchargées')).toBeVisible();
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const names = Object.keys(zip).sort();
  const [first, second, twin] = mine.animals as [Account['animals'][0], Account['animals'][0], Account['animals'][0]];
  // Each animal's photos in a folder named after it (accents kept, the second Pistou told apart), numbered
  // in their display order.
  expect(names).toEqual(
    [
      'README.txt',
      'donnees.json',
      'photos/Pistou/photo-1.png',
      'photos/Pistou/photo-2.png',
      'photos/Réglisse/photo-1.png',
      'photos/Pistou (2)/photo-1.png',
      'carnet/Pistou/document-1.pdf',
      `messages/${finderPhoto}`,
    ].sort(),
  );
  expect(new TextDecoder().decode(zip['carnet/Pistou/document-1.pdf'])).toBe('%PDF-1.4\n% certificat\n');
  expect(new TextDecoder().decode(zip['README.txt'])).toContain('donnees.json');
  const data = JSON.parse(new TextDecoder().decode(zip['donnees.json']));
  expect(data.compte).toMatchObject({ id: mine.userId, email: mine.owner.email });
  expect(data.compte.cree_le).toEqual(expect.any(String));
  expect(data.animaux.map((animal: { nom: string }) => animal.nom).sort()).toEqual(['Pistou', 'Pistou', 'Réglisse']);
  // Every field of the animals, as stored.
  expect(data.animaux.find((animal: { nom: string }) => animal.nom === 'Pistou')).toMatchObject({
    id: first.animalId,
    proprietaire_id: mine.userId,
    espece: 'Chien',
    is_lost: true,
    informations_veterinaires: null,
  });
  expect(data.photos).toHaveLength(4);
  expect(data.carnet_de_sante).toMatchObject([{ animal_id: firstId, label: 'Rage', next_due_on: '2027-03-03' }]);
  expect(data.documents_de_sante).toMatchObject([
    { path: certificate, title: 'Certificat de vaccination', fichier: 'carnet/Pistou/document-1.pdf' },
  ]);
  expect(
    Object.fromEntries(data.photos.map((photo: { path: string; fichier: string }) => [photo.path, photo.fichier])),
  ).toEqual({
    [`${first.animalId}/0.png`]: 'photos/Pistou/photo-1.png',
    [`${first.animalId}/1.png`]: 'photos/Pistou/photo-2.png',
    [`${second.animalId}/0.png`]: 'photos/Réglisse/photo-1.png',
    [`${twin.animalId}/0.png`]: 'photos/Pistou (2)/photo-1.png',
  });
  expect(data.medailles.map((medal: { id: string }) => medal.id).sort()).toEqual(
    [first.code, second.code, twin.code].sort(),
  );
  expect(data.messages).toMatchObject([
    { animal_id: first.animalId, message: "J'ai vu Pistou au parc", contact: '0612345678', photo_path: null },
    {
      animal_id: first.animalId,
      message: 'Le voici',
      photo_path: finderPhoto,
      fichier_photo: `messages/${finderPhoto}`,
    },
  ]);
  expect(data.conversations).toHaveLength(2);
  expect(data.conversations[0]).toEqual({
    id: opened?.id,
    animal_id: firstId,
    code_id: first.code,
    language: 'fr',
    created_at: expect.any(String),
    last_message_at: expect.any(String),
    blocked_at: null,
  });
  expect(data.reponses_aux_conversations).toMatchObject([
    { conversation_id: opened?.id, author_id: mine.userId, body: 'Merci, je viens le chercher.' },
  ]);
  expect(data.retrouvailles).toEqual([
    {
      id: expect.any(String),
      animal_id: secondId,
      lost_since: expect.any(String),
      found_at: expect.any(String),
      channel: null,
    },
  ]);
  expect(data.messages.map((message: { conversation_id: string }) => message.conversation_id)).toEqual(
    data.conversations.map((conversation: { id: string }) => conversation.id),
  );
  const storedFinderPhoto = await service.storage.from('finder-photos').download(finderPhoto);
  expect(Buffer.from(zip[`messages/${finderPhoto}`] as Uint8Array)).toEqual(
    Buffer.from(await (storedFinderPhoto.data as Blob).arrayBuffer()),
  );
  expect(data.positions_partagees).toMatchObject([
    { animal_id: first.animalId, lat: 45.76, lon: 4.83, accuracy_m: 12 },
  ]);
  expect(data.consultations_profil).toMatchObject([{ animal_id: first.animalId, code_id: first.code }]);
  // The photo files are the stored bytes.
  for (const photo of data.photos as { path: string; fichier: string }[]) {
    const stored = await service.storage.from('animal-photos').download(photo.path);
    expect(Buffer.from(zip[photo.fichier] as Uint8Array)).toEqual(
      Buffer.from(await (stored.data as Blob).arrayBuffer()),
    );
  }
  // Nothing of the other owner: no id, code, name or address of theirs anywhere in the ZIP.
  const everything = Object.values(zip)
    .map((bytes) => Buffer.from(bytes).toString('latin1'))
    .join('\n');
  for (const secret of [
    theirs.userId,
    theirs.owner.email,
    'Voisin',
    ...theirs.animals.flatMap((a) => [a.animalId, a.code]),
  ]) {
    expect(everything).not.toContain(secret);
  }

  // Deletion: another address is refused, and nothing is deleted.
  let dialog = await openDeletion(page);
  // Once the dialog has finished appearing (axe would read its colours half faded in).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await expectAccessible(page, '[role="alertdialog"]');
  const typed = dialog.getByLabel('Pour confirmer, saisissez votre adresse e-mail');
  await typed.fill(theirs.owner.email);
  await expect(dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' })).toBeDisabled();
  await typed.blur();
  await expect(dialog.getByRole('alert')).toHaveText('Cette adresse ne correspond pas à celle de votre compte.');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  expect((await rowsOf(mine)).animals).toBe(6);
  // The server refuses it too, whatever the page does.
  const refused = await mine.owner.client.functions.invoke('delete-account', { body: { email: theirs.owner.email } });
  expect(refused.error).not.toBeNull();
  expect((await rowsOf(mine)).user).toBe(1);

  // The right address, typed with other capitals: the account goes, and the owner lands at home, signed out.
  dialog = await openDeletion(page);
  await dialog.getByLabel('Pour confirmer, saisissez votre adresse e-mail').fill(mine.owner.email.toUpperCase());
  await dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect(toastTitle(page, 'Votre compte a été supprimé')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/`);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  expect(await rowsOf(mine)).toEqual({
    user: 0,
    animals: 0,
    photos: 0,
    codesWithAnimal: 0,
    messages: 0,
    conversations: 0,
    positions: 0,
    views: 0,
    limits: 0,
  });
  expect(await storedFiles(mine)).toEqual([]);
  for (const path of mine.photoPaths) {
    expect((await service.storage.from('animal-photos').download(path)).error).not.toBeNull();
  }
  // The other owner keeps every row and file.
  expect(await rowsOf(theirs)).toEqual(theirsBefore);
  expect(await storedFiles(theirs)).toEqual(theirFiles);

  // The medals are retired: a finder is told so, sees nothing of Pistou and is offered no activation.
  for (const { code } of mine.animals) {
    const { data: medal } = await service.from('codes').select('used, animal_id').eq('id', code).single();
    expect(medal).toEqual({ used: true, animal_id: null });
    await page.goto(`${product.url}/${code}`);
    await expect(page.getByRole('heading', { name: 'Médaille retirée' })).toBeVisible();
    await expect(page.getByText('Pistou')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Activer ma médaille' })).toHaveCount(0);
  }

  // The deleted owner cannot sign in again.
  await page.goto(`${product.url}/auth/login`);
  await page.getByLabel('Email').fill(mine.owner.email);
  await page.getByLabel('Mot de passe').fill(mine.owner.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  const signIn2 = await createClient(product.stack.url, product.stack.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  }).auth.signInWithPassword({ email: mine.owner.email, password: mine.owner.password });
  expect(signIn2.error?.code).toBe('invalid_credentials');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test("the deletion button is disabled, and looks it, until the account's address is typed; the field does not show that address", async ({
    page,
  }) => {
    const owner = await newOwner(product, 'rgpd-bouton');
    await signIn(page, product, owner);
    const dialog = await openDeletion(page);
    const field = dialog.getByRole('textbox', { name: 'Pour confirmer, saisissez votre adresse e-mail' });
    // The label says which address to type; the empty field does not look filled in with it.
    await expect(field).toHaveAccessibleName(`Pour confirmer, saisissez votre adresse e-mail : ${owner.email}`);
    await expect(field).toHaveAttribute('placeholder', 'votre adresse e-mail');
    const button = dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' });
    const looks = () =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.color}`;
      });
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expect(button).toBeDisabled();
    const disabledLook = await looks();
    await field.fill(owner.email.slice(0, -1));
    await expect(button).toBeDisabled();
    // Compared as the server does: whatever the capitals and the spaces around.
    await field.fill(`  ${owner.email.toUpperCase()} `);
    await expect(button).toBeEnabled();
    expect(await looks()).not.toBe(disabledLook);
    await field.fill('');
    await expect(button).toBeDisabled();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });
});
