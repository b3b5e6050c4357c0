import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';
import { expect, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import type { TestOwner } from './owners.ts';
import type { TestProduct } from './product.ts';

/**
 * An auth e-mail's link opened, then its page's button pressed: the link's page (/auth/confirm) changes
 * nothing by being opened (mail scanners open every link), its button does what the link is for.
 */
export async function openEmailLink(page: Page, link: string) {
  await page.goto(link);
  await page
    .getByRole('button', { name: /^(Confirmer mon adresse|Me connecter|Choisir un nouveau mot de passe)$/ })
    .click();
}

/** A toast's title, as the Toaster shows it. */
export const toastTitle = (page: Page, title: string) => page.locator('.md-toast-title', { hasText: title });

/**
 * The owner signed in in this browser as a returning owner is: a session of its own (signed in by password,
 * as the login page does) kept where the app keeps it, then the page at `path` (their account by default).
 * The login page itself is the sign-in journeys' (portal-auth, shell, accounts); here it would only cost each
 * journey one more load of the whole app.
 */
export async function signIn(
  page: Page,
  product: TestProduct,
  owner: Pick<TestOwner, 'email' | 'password'>,
  path = '/mon-compte',
) {
  const browserSession = createClient(product.stack.url, product.stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await browserSession.auth.signInWithPassword({
    email: owner.email,
    password: owner.password,
  });
  if (error) throw error;
  // Any document of the site's origin can write its local storage; the logo is its smallest.
  await page.goto(`${product.url}/logo.svg`);
  await page.evaluate(([key, session]) => localStorage.setItem(key, session), [
    SESSION_STORAGE_KEY,
    JSON.stringify(data.session),
  ] as const);
  await page.goto(`${product.url}${path}`);
  await expect(page).toHaveURL(`${product.url}${path}`);
}

/** A real photo drawn by the browser itself, as a file to pick: a small 40×30 PNG unless told its size. */
export async function photoFile(page: Page, colour: string, size = { width: 40, height: 30 }) {
  const dataUrl = await page.evaluate(
    ({ fill, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.fillStyle = fill;
      context.fillRect(0, 0, width, height);
      return canvas.toDataURL('image/png');
    },
    { fill: colour, ...size },
  );
  return {
    name: `${colour}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.split(',')[1] as string, 'base64'),
  };
}

/**
 * /activer signed out opens its sign-in dialog at once (docs/product/activation.md): closes it, as a visitor who fills
 * the form first.
 */
export async function closeActivationSignIn(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Connectez-vous pour activer la médaille' });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Counts the requests to the stack whose method and path match, each held back `delayMs` so that a second
 * click lands while the first request still runs.
 */
export async function watchRequests(page: Page, method: string, path: RegExp, delayMs = 400) {
  const seen: string[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      seen.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.fallback();
    },
  );
  return { count: () => seen.length };
}

/** A 390 px touch phone (an iPhone's size), for `test.use(PHONE)`. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
