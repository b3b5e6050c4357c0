// The product on a project that still has only the legacy keys (JWT_SIGNING=legacy): the front-ends get the
// anon JWT, sessions are HS256 tokens of the JWT secret, the functions only SUPABASE_ANON_KEY and
// SUPABASE_SERVICE_ROLE_KEY. The other journeys run on the new keys (publishable key, ES256 sessions); this
// one signs an owner in and deletes the account, what depends on the keys end to end.
import { expectAccessible } from '../support/accessibility.ts';
import { newOwner, serviceClient } from '../support/owners.ts';
import { toastTitle } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';
import { expect, test } from '../support/test.ts';

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct({}, { JWT_SIGNING: 'legacy' });
});
test.afterAll(async () => {
  await product?.close();
});

const algorithmOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as { alg: string }).alg;

test('on legacy keys, an owner signs in with an HS256 session and deletes their account', async ({ page }) => {
  const owner = await newOwner(product, 'legacy');
  const userId = (await owner.client.auth.getUser()).data.user?.id as string;
  const keys: string[] = [];
  const tokens: string[] = [];
  let grants = 0;
  page.on('request', (request) => {
    if (!request.url().startsWith(product.stack.url)) return;
    const headers = request.headers();
    if (headers.apikey) keys.push(headers.apikey);
    if (new URL(request.url()).pathname === '/auth/v1/token') grants += 1;
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    if (bearer && bearer !== headers.apikey) tokens.push(bearer);
  });

  // Through the login page: the page's own password grant is among what must go with the anon key.
  await page.goto(`${product.url}/auth/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Mot de passe').fill(owner.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(`${product.url}/mon-compte`);
  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
  await dialog.getByLabel('Pour confirmer, saisissez votre adresse e-mail').fill(owner.email);
  // The red button, enabled now, read as the owner reads it.
  await expectAccessible(page, '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
  await expect(toastTitle(page, 'Votre compte a été supprimé')).toBeVisible();

  // The page spoke with the anon key, and its session was an HS256 token (no kid, nothing in the JWKS).
  expect(new Set(keys)).toEqual(new Set([product.stack.anonKey]));
  expect(grants).toBeGreaterThan(0);
  expect(tokens.length).toBeGreaterThan(0);
  expect(new Set(tokens.map(algorithmOf))).toEqual(new Set(['HS256']));
  expect(await (await fetch(`${product.stack.url}/auth/v1/.well-known/jwks.json`)).json()).toEqual({ keys: [] });

  // delete-account, with only the legacy service_role key, removed the user from GoTrue.
  expect((await serviceClient(product).auth.admin.getUserById(userId)).data.user).toBeNull();
});
