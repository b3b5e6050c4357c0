import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { animalOnNewCode, newOwner, serviceClient } from '../support/owners.ts';
import { signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// docs/decisions/0010-multi-step-writes-on-server.md: a browser that dies in the middle of a multi-step write leaves it
// done or not done, never half done. The owner's browser is closed at the first write it sends, either as that request
// leaves (the server may or may not get it) or once its answer is back but before the page can go on; then the
// database and the bucket, read with the service role, hold the old state or the new one. (The portal's
// earlier deletion from the browser, files then row, left the animal and its rows without their files here.)

const service = () => serviceClient(product);

type Moment = 'as the request leaves' | 'once its answer is back';
const MOMENTS: Moment[] = ['as the request leaves', 'once its answer is back'];

const isWrite = (request: Request) =>
  request.url().startsWith(product.stack.url) &&
  !request.url().includes('/auth/v1/') &&
  !['GET', 'HEAD', 'OPTIONS'].includes(request.method());

/**
 * Closes the context at `moment` of the first write its pages send to the stack. 'once its answer is back':
 * the request is sent from here and its answer never reaches the page, which cannot take a next step.
 */
async function dieAtFirstWrite(context: BrowserContext, moment: Moment): Promise<{ died: Promise<void> }> {
  let died: () => void = () => {};
  const dead = new Promise<void>((resolve) => {
    died = resolve;
  });
  let fired = false;
  if (moment === 'as the request leaves') {
    context.on('request', (request) => {
      if (fired || !isWrite(request)) return;
      fired = true;
      void context.close().then(died);
    });
  } else {
    await context.route(`${product.stack.url}/**`, async (route) => {
      if (fired || !isWrite(route.request())) return route.fallback();
      fired = true;
      await route.fetch().catch(() => undefined);
      await context.close();
      died();
    });
  }
  return { died: dead };
}

/** A signed-in owner's edit page for a new animal with `photos` photos, in a context of its own. */
async function editPage(browser: Browser, label: string, photos: number) {
  const owner = await newOwner(product, label);
  const { animalId } = await animalOnNewCode(product, owner, { nom: 'Interrompu' }, photos);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, product, owner, `/mon-compte/animal/${animalId}`);
  const gallery = page.getByRole('region', { name: "Photos de l'animal" });
  await expect(gallery.getByRole('img')).toHaveCount(photos);
  return { animalId, context, page, gallery };
}

/** Reads `read` until it answers the same for 1.5 s: whatever the server was doing is over. */
async function settled<T>(read: () => Promise<T>): Promise<T> {
  let last = JSON.stringify(await read());
  let unchanged = 0;
  for (let attempt = 0; attempt < 40 && unchanged < 3; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = JSON.stringify(await read());
    unchanged = now === last ? unchanged + 1 : 0;
    last = now;
  }
  if (unchanged < 3) throw new Error(`still changing after 20 s: ${last}`);
  return JSON.parse(last) as T;
}

/** Presses keys as a person would, letting dnd-kit measure between them; a closed page ends it quietly. */
async function press(page: Page, keys: string[]): Promise<void> {
  try {
    for (const key of keys) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
  } catch {
    // The browser was closed under it: that is the point.
  }
}

for (const moment of MOMENTS) {
  test(`a reorder interrupted ${moment} leaves the old order or the new one`, async ({ browser }) => {
    const { animalId, context, page, gallery } = await editPage(browser, 'ordre', 4);
    const positions = async () =>
      (
        await service()
          .from('animal_photos')
          .select('id, position')
          .eq('animal_id', animalId)
          .order('position')
          .order('id')
      ).data ?? [];
    const before = (await positions()).map((photo) => photo.id);
    const [first, second, ...rest] = before;
    const moved = [second, first, ...rest];

    const { died } = await dieAtFirstWrite(context, moment);
    await gallery.getByRole('button', { name: 'Déplacer la photo (Photo 1)' }).focus();
    await press(page, ['Space', 'ArrowRight', 'Space']);
    await died;

    const after = await settled(positions);
    expect(after.map((photo) => photo.position)).toEqual([0, 1, 2, 3]);
    const order = after.map((photo) => photo.id);
    if (moment === 'once its answer is back') expect(order).toEqual(moved);
    else expect([JSON.stringify(before), JSON.stringify(moved)]).toContain(JSON.stringify(order));
  });

  test(`a deletion interrupted ${moment} leaves the animal whole or gone with all its photos`, async ({ browser }) => {
    const { animalId, context, page } = await editPage(browser, 'effacement', 3);
    const paths = ((await service().from('animal_photos').select('path').eq('animal_id', animalId)).data ?? []).map(
      (photo) => photo.path,
    );
    expect(paths).toHaveLength(3);
    const stored = async () => {
      const client = service();
      const animal = await client.from('animals').select('id').eq('id', animalId);
      const rows = await client.from('animal_photos').select('id').eq('animal_id', animalId);
      const files = await Promise.all(
        paths.map(async (path) => {
          const response = await fetch(`${product.stack.url}/storage/v1/object/public/animal-photos/${path}`);
          await response.body?.cancel();
          return response.status === 200;
        }),
      );
      return { animals: animal.data?.length, rows: rows.data?.length, files: files.filter(Boolean).length };
    };
    const whole = { animals: 1, rows: 3, files: 3 };
    const gone = { animals: 0, rows: 0, files: 0 };
    expect(await stored()).toEqual(whole);

    const { died } = await dieAtFirstWrite(context, moment);
    await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
    await page
      .getByRole('alertdialog', { name: 'Êtes-vous sûr ?' })
      .getByRole('button', { name: 'Supprimer définitivement' })
      .click()
      .catch(() => undefined);
    await died;

    const after = await settled(stored);
    if (moment === 'once its answer is back') expect(after).toEqual(gone);
    else expect([JSON.stringify(whole), JSON.stringify(gone)]).toContain(JSON.stringify(after));
  });
}
