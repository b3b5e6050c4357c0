import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, serviceClient, type TestOwner } from '../support/owners.ts';
import { PHONE, signIn, toastTitle } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// An animal's household in the portal, on a phone: an invitation accepted with its page's button by a
// signed-in account, a co-owner who edits but neither deletes nor manages the household, a keeper who reads and
// changes the lost mode only, the owner who manages members and invitations, and a member who leaves. The
// invitation sent with the form and accepted by someone who signs up from its e-mail: household.spec.ts.

test.use(PHONE);

type Role = 'co_owner' | 'keeper';

/** A day in Paris's calendar as the database counts a keeper's last day: today, or `offset` days later. */
async function parisDay(offset = 0): Promise<string> {
  const { rows } = await product.stack.db.query<{ day: string }>(
    'select (private.today_in_paris() + $1::int)::text as day',
    [offset],
  );
  const [row] = rows;
  if (!row) throw new Error('no answer from the database');
  return row.day;
}

const frenchDay = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', dateStyle: 'long' }).format(new Date(`${day}T00:00:00Z`));

/**
 * An invitation made with the owner's own session, as the invite-member function does first (invite_animal_member);
 * answers the token its e-mail's link would carry.
 */
async function invite(owner: TestOwner, animalId: string, email: string, role: Role, lastDay: string | null = null) {
  const { data, error } = await owner.client.rpc('invite_animal_member', {
    p_animal_id: animalId,
    p_email: email,
    p_role: role,
    p_access_until: lastDay,
  });
  if (error || !data?.success) throw new Error(`invitation refused: ${error?.message ?? data?.error}`);
  return data.token as string;
}

/** A member who accepted their invitation with their own session (as the invitation page does). */
async function member(owner: TestOwner, animalId: string, role: Role, lastDay: string | null = null) {
  const person = await newOwner(product, role === 'keeper' ? 'gardien' : 'coproprio');
  const token = await invite(owner, animalId, person.email, role, lastDay);
  const { data, error } = await person.client.rpc('accept_animal_invitation', { p_token: token });
  if (error || !data?.success) throw new Error(`acceptance refused: ${error?.message ?? data?.error}`);
  return person;
}

const household = (page: Page) => page.getByRole('region', { name: 'Foyer' });
const animalCard = (page: Page, name: string) =>
  page.locator('.rt-Card', { has: page.getByRole('heading', { level: 2, name, exact: true }) });

test('a co-owner accepts from the link, finds the animal among theirs, edits it, and neither deletes it nor manages its household', async ({
  page,
}) => {
  const owner = await newOwner(product, 'proprio');
  const filou = await animalOnNewCode(product, owner, { nom: 'Filou', espece: 'cat', sexe: 'M' });
  const coOwner = await newOwner(product, 'coproprio');
  const token = await invite(owner, filou.animalId, coOwner.email, 'co_owner');

  await signIn(page, product, coOwner);
  await page.goto(`${product.url}/mon-compte/invitation#${token}`);
  await expect(page.getByText(`${owner.email} vous invite à veiller sur Filou`)).toBeVisible();
  await expect(page.getByText('Rôle : Co-propriétaire')).toBeVisible();
  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(toastTitle(page, 'Vous faites maintenant partie du foyer de Filou')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte/animal/${filou.animalId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le profil de Filou' })).toBeVisible();
  const members = household(page).getByRole('listitem');
  await expect(members).toHaveCount(2);
  await expect(members.nth(0)).toContainText(owner.email);
  await expect(members.nth(0)).toContainText('Propriétaire');
  await expect(members.nth(1)).toContainText(`${coOwner.email} (vous)`);
  await expect(members.nth(1)).toContainText('Co-propriétaire');
  await expect(household(page).getByRole('button', { name: /^Retirer/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: "Envoyer l'invitation" })).toHaveCount(0);
  await expect(page.getByRole('button', { name: "Supprimer le profil de l'animal" })).toHaveCount(0);
  await expect(household(page).getByRole('switch', { name: 'Recevoir les alertes de Filou' })).toBeChecked();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Retour à mon compte' }).first().click();
  await expect(animalCard(page, 'Filou')).toContainText('Co-propriétaire');
  await animalCard(page, 'Filou').getByRole('link', { name: 'Modifier' }).click();
  await page.getByLabel('Nom *').fill('Filou le Brave');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toastTitle(page, 'Animal mis à jour')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(animalCard(page, 'Filou le Brave')).toContainText('Co-propriétaire');
  // The invitation was answered: it no longer waits in the owner’s list.
  const { data } = await owner.client.from('animal_invitations').select('id').eq('animal_id', filou.animalId);
  expect(data).toEqual([]);
});

test('a keeper reads the animal, switches its lost mode on, and has no form', async ({ page }) => {
  // Tomorrow, so that the test means the same a minute before midnight in Paris.
  const lastDay = await parisDay(1);
  const owner = await newOwner(product, 'proprio');
  const nala = await animalOnNewCode(product, owner, {
    nom: 'Nala',
    espece: 'dog',
    sexe: 'F',
    allergies: 'Poulet',
  });
  const keeper = await member(owner, nala.animalId, 'keeper', lastDay);
  const until = `Gardien·ne jusqu'au ${frenchDay(lastDay)}`;

  await signIn(page, product, keeper);
  await expect(animalCard(page, 'Nala')).toContainText(until);
  await animalCard(page, 'Nala').getByRole('link', { name: 'Voir', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fiche de Nala' })).toBeVisible();
  await expect(page.getByText('Poulet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Messages et historique' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: "Supprimer le profil de l'animal" })).toHaveCount(0);
  await expect(household(page).getByRole('listitem').nth(1)).toContainText(until);
  await expect(household(page).getByRole('listitem').nth(1)).toContainText('(vous)');

  await page.getByRole('switch', { name: 'Animal perdu' }).click();
  await expect(toastTitle(page, 'Statut mis à jour')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Appeler la fourrière' }).check();
  await expect(page.getByRole('checkbox', { name: 'Appeler la fourrière' })).toBeChecked();
  await expectAccessible(page);
  await expect
    .poll(async () => {
      const { data } = await serviceClient(product)
        .from('animals')
        .select('is_lost, lost_checklist')
        .eq('id', nala.animalId)
        .single();
      return data;
    })
    .toEqual({ is_lost: true, lost_checklist: ['fourriere'] });

  // Its messages are the keeper's to read, not to delete.
  const seeded = await serviceClient(product)
    .from('finder_messages')
    .insert({ animal_id: nala.animalId, code_id: nala.code, message: 'Vue au parc' });
  if (seeded.error) throw seeded.error;
  await page.getByRole('link', { name: 'Messages et historique' }).click();
  await expect(page.getByText('Vue au parc')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0);
});

test('the owner sees the household, cancels a pending invitation, gives a keeper another day and removes a co-owner', async ({
  page,
}) => {
  const day = await parisDay(1);
  const owner = await newOwner(product, 'proprio');
  const moka = await animalOnNewCode(product, owner, { nom: 'Moka', espece: 'cat', sexe: 'F' });
  const coOwner = await member(owner, moka.animalId, 'co_owner');
  // A keeper whose last day has passed: the owner sees it, and may give them another.
  const keeper = await member(owner, moka.animalId, 'keeper', day);
  await serviceClient(product)
    .from('animal_members')
    .update({ access_until: '2026-01-01' })
    .eq('animal_id', moka.animalId)
    .eq('role', 'keeper');
  await invite(owner, moka.animalId, 'pending-invitee@test.medaille.fr', 'co_owner');

  await signIn(page, product, owner, `/mon-compte/animal/${moka.animalId}`);
  const section = household(page);
  await expect(section.getByRole('listitem').filter({ hasText: keeper.email })).toContainText(
    'Accès terminé le 1 janvier 2026',
  );
  const pending = section.getByRole('list', { name: 'Invitations en attente' });
  await expect(pending).toContainText('pending-invitee@test.medaille.fr');
  await section.getByRole('button', { name: "Annuler l'invitation de pending-invitee@test.medaille.fr" }).click();
  await expect(toastTitle(page, 'Invitation annulée')).toBeVisible();
  await expect(pending).toBeHidden();

  // The invitation form asks a keeper's last day before anything is sent.
  await section.getByLabel('Adresse e-mail').fill('garde@test.medaille.fr');
  await section.getByRole('radio', { name: /^Gardien·ne/ }).check();
  await section.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(section.getByText('Indiquez le dernier jour de garde.')).toBeVisible();
  await expectAccessible(page);

  await section.getByRole('button', { name: 'Changer le dernier jour' }).click();
  await section.getByLabel(`Dernier jour de ${keeper.email}`).fill(day);
  await section.getByRole('button', { name: 'Enregistrer le dernier jour' }).click();
  await expect(toastTitle(page, 'Dernier jour enregistré')).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: keeper.email })).toContainText(
    `Gardien·ne jusqu'au ${frenchDay(day)}`,
  );

  await section.getByRole('button', { name: `Retirer ${coOwner.email}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Retirer cette personne du foyer ?' });
  await dialog.getByRole('button', { name: 'Retirer' }).click();
  await expect(toastTitle(page, `${coOwner.email} ne fait plus partie du foyer`)).toBeVisible();
  await expect(section.getByRole('listitem').filter({ hasText: coOwner.email })).toHaveCount(0);
  const { data } = await coOwner.client.from('animals').select('id').eq('id', moka.animalId);
  expect(data).toEqual([]);

  // Deleting Moka would take it from the keeper too: the dialog says so (and the keeper would be told).
  await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
  const deletion = page.getByRole('alertdialog', { name: 'Êtes-vous sûr ?' });
  await expect(deletion).toContainText(`Son foyer le perd aussi : ${keeper.email} n'y aura plus accès`);
  await deletion.getByRole('button', { name: 'Annuler' }).click();
  await expect(deletion).toBeHidden();
});

test('a member leaves the household and no longer sees the animal', async ({ page }) => {
  const owner = await newOwner(product, 'proprio');
  const pilou = await animalOnNewCode(product, owner, { nom: 'Pilou' });
  const coOwner = await member(owner, pilou.animalId, 'co_owner');

  await signIn(page, product, coOwner, `/mon-compte/animal/${pilou.animalId}`);
  await household(page).getByRole('button', { name: 'Quitter le foyer' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Quitter le foyer de Pilou ?' });
  await dialog.getByRole('button', { name: 'Quitter le foyer' }).click();
  await expect(toastTitle(page, 'Vous avez quitté le foyer de Pilou')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await expect(page.getByText('Aucun animal trouvé.')).toBeVisible();

  await page.goto(`${product.url}/mon-compte/animal/${pilou.animalId}`);
  await expect(toastTitle(page, 'Accès refusé')).toBeVisible();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
});
