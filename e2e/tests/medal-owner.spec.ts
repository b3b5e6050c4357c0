import { expect, test } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { newCode, newOwner } from '../support/owners.ts';
import { signIn } from '../support/pages.ts';
import { startProduct, type TestProduct } from '../support/product.ts';

// Issue 15, the owner's side of medals: a suspended code on /activer, suspending and resuming one's own
// medal from the edit page, and its QR code to download.

let product: TestProduct;
test.beforeAll(async () => {
  product = await startProduct();
});
test.afterAll(async () => {
  await product?.close();
});

/** What the operator's tool does (`pnpm medals suspend CODE`): set_medal_suspended with the service role. */
async function operatorSuspends(code: string, suspended = true) {
  const service = createClient(product.stack.url, product.stack.serviceRoleKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await service.rpc('set_medal_suspended', { p_code: code, p_suspended: suspended });
  if (error) throw error;
}

test.describe('/activer and a suspended medal', () => {
  test('the code check says the medal is suspended, not that it is taken', async ({ page }) => {
    const owner = await newOwner(product, 'suspendu-verif');
    await signIn(page, product, owner);
    const code = await newCode(product);
    await operatorSuspends(code);
    await page.goto(`${product.url}/activer?code=${code}`);
    await expect(page.getByRole('status').filter({ hasText: 'Cette médaille est suspendue' })).toHaveText(
      'Cette médaille est suspendue. Contactez le support.',
    );
    await expect(page.getByText('Code déjà activé')).toHaveCount(0);
    await expect(page.getByLabel('Nom *')).toBeDisabled();
  });

  test("the activation shows the database's own refusal", async ({ page }) => {
    const owner = await newOwner(product, 'suspendu-activation');
    await signIn(page, product, owner);
    const code = await newCode(product);
    await page.goto(`${product.url}/activer?code=${code}`);
    await expect(page.getByRole('button', { name: 'Validé' })).toBeVisible();
    await page.getByLabel('Nom *').fill('Trop tard');
    await operatorSuspends(code);
    await page.getByRole('button', { name: 'Activer la médaille' }).click();
    await expect(page.locator('.md-toast', { hasText: "Impossible de créer l'animal" })).toContainText(
      'Cette médaille est suspendue. Contactez le support.',
    );
    await expect(page).toHaveURL(/\/activer/);
    await expect(page.getByLabel('Nom *')).toHaveValue('Trop tard');
  });
});
