import type { Page } from '@playwright/test';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// A signed-in owner's page asks for its data beside its own code, not once that code has arrived and run: on a
// phone, a chunk's download and a round trip earlier. Asked once: the page takes what was asked for.

/** A gate a held request waits at: `opened` resolves once `open()` is called. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * Holds the page's chunk until the page's data has been asked for (or 10 s), and counts the data's requests.
 * `asked`: whether the data was asked for while the chunk was held.
 */
async function holdChunkUntilData(page: Page, chunk: RegExp, data: RegExp) {
  const seen = { held: false, askedWhileHeld: false, requests: 0 };
  const dataAsked = gate();
  page.on('request', (request) => {
    if (request.method() !== 'GET' || !data.test(request.url())) return;
    seen.requests += 1;
    dataAsked.open();
  });
  await page.route(chunk, async (route) => {
    seen.held = true;
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
    seen.askedWhileHeld = await Promise.race([dataAsked.opened.then(() => true), timeout]);
    await route.continue();
  });
  return seen;
}

test('Mes animaux and the edit page ask for their animals while their own code is still downloading, once', async ({
  page,
}) => {
  const owner = await newOwner(product, 'tot');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pistache', espece: 'cat' });
  await signIn(page, product, owner, '/logo.svg');

  const list = await holdChunkUntilData(
    page,
    /\/static\/js\/async\/account-page\.[0-9a-f]+\.js$/,
    /\/rest\/v1\/animals\?select=id%2Cnom/,
  );
  await page.goto(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Pistache' })).toBeVisible();
  expect(list).toEqual({ held: true, askedWhileHeld: true, requests: 1 });

  const one = await holdChunkUntilData(
    page,
    /\/static\/js\/async\/edit-animal-page\.[0-9a-f]+\.js$/,
    new RegExp(`/rest/v1/animals\\?select=\\*.*id=eq\\.${animalId}`),
  );
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await expect(page.getByLabel('Nom *')).toHaveValue('Pistache');
  expect(one).toEqual({ held: true, askedWhileHeld: true, requests: 1 });
});

test("an owner's page asks for its data in its HTML, before even the portal's first file has come, and once", async ({
  page,
}) => {
  const owner = await newOwner(product, 'tôt');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pistache', espece: 'cat' });
  await signIn(page, product, owner, '/logo.svg');
  // The portal's remote entry: nothing of the portal runs before it has come.
  const remoteEntry = /\/static\/js\/portal\.[0-9a-f]+\.js$/;

  const list = await holdChunkUntilData(page, remoteEntry, /\/rest\/v1\/animals\?select=id%2Cnom/);
  await page.goto(`${product.url}/mon-compte`);
  await expect(page.getByRole('heading', { name: 'Pistache' })).toBeVisible();
  expect(list).toEqual({ held: true, askedWhileHeld: true, requests: 1 });
  await page.unroute(remoteEntry);

  const one = await holdChunkUntilData(
    page,
    remoteEntry,
    new RegExp(`/rest/v1/animals\\?select=\\*.*id=eq\\.${animalId}`),
  );
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`);
  await expect(page.getByLabel('Nom *')).toHaveValue('Pistache');
  expect(one).toEqual({ held: true, askedWhileHeld: true, requests: 1 });
});

test("the edit page's form can be filled and saved while the code that reorders photos is still downloading", async ({
  page,
}) => {
  const owner = await newOwner(product, 'tri');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pistache', espece: 'cat' }, 1);
  await signIn(page, product, owner, '/logo.svg');
  // dnd-kit's chunk, whatever its name: the one that makes its live region (a name it gives in clear).
  const photosCode = gate();
  let held = false;
  await page.route(/\/static\/js\/async\/[^/]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('DndLiveRegion')) {
      held = true;
      await photosCode.opened;
    }
    await route.fulfill({ response, body });
  });

  // Not waiting for the load event, which the held chunk holds back.
  await page.goto(`${product.url}/mon-compte/animal/${animalId}`, { waitUntil: 'commit' });
  await expect(page.getByLabel('Nom *')).toHaveValue('Pistache');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  // Asked for as the gallery shows, and held: the photos cannot be moved yet.
  await expect.poll(() => held).toBe(true);
  await expect(page.getByRole('button', { name: 'Déplacer la photo (Photo 1)' })).toHaveCount(0);
  photosCode.open();
  await expect(page.getByRole('button', { name: 'Déplacer la photo (Photo 1)' })).toBeVisible();
});

test('with a session good for the hour, the edit page shows before the auth client has come, which then saves it', async ({
  page,
}) => {
  const owner = await newOwner(product, 'client');
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Pistache', espece: 'cat' });
  await signIn(page, product, owner, '/logo.svg');
  // supabase-js's chunk, held until the page has shown (docs/decisions/0022-auth-client-after-the-page.md).
  const authClient = gate();
  let asked = 0;
  await page.route(/\/static\/js\/async\/supabase-js\.[0-9a-f]+\.js$/, async (route) => {
    asked += 1;
    await authClient.opened;
    await route.continue();
  });

  await page.goto(`${product.url}/mon-compte/animal/${animalId}`, { waitUntil: 'commit' });
  await expect(page.getByLabel('Nom *')).toHaveValue('Pistache');
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  authClient.open();
  await page.getByLabel('Nom *').fill('Pistache II');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Animal mis à jour')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pistache II' })).toBeVisible();
  expect(asked).toBeGreaterThan(0);
});
