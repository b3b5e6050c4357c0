import type { Page } from '@playwright/test';
import { animalOnNewCode, newOwner } from '../support/owners.ts';
import { PHONE } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// The owner's e-mails as a phone shows them: the HTML the local mailbox received, rendered on a 390 px
// screen. Readable text, the main action as a button a finger hits, and nothing wider than the screen.

test.use(PHONE);

/** WCAG's contrast ratio of two computed CSS colours (rgb or rgba, opaque). */
function contrast(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((value) => {
      const channel = Number(value) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The e-mail shown as its HTML, then what a phone reader meets: a 16 px text, a 44 px button, no sideways scroll. */
async function expectReadableOnAPhone(page: Page, html: string, button: string, sentence: string) {
  await page.setContent(html);
  // Without its viewport a phone lays the e-mail out 980 px wide and shrinks it.
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const text = page.getByText(sentence);
  expect(Number.parseFloat(await text.evaluate((node) => getComputedStyle(node).fontSize))).toBeGreaterThanOrEqual(16);
  expect(await text.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/sans-serif/);
  const action = page.getByRole('link', { name: button });
  const box = await action.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  const colours = await action.evaluate((node) => [
    getComputedStyle(node).color,
    getComputedStyle(node).backgroundColor,
  ]);
  expect(contrast(colours[0] as string, colours[1] as string)).toBeGreaterThanOrEqual(4.5);
  return action;
}

async function postFinderMessage(code: string, message: string, contact: string) {
  const response = await fetch(`${product.stack.url}/functions/v1/post_finder_message`, {
    method: 'POST',
    headers: {
      apikey: product.stack.anonKey,
      authorization: `Bearer ${product.stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ code, message, contact }),
  });
  expect(response.status).toBe(200);
}

test('the account’s confirmation and a finder’s message read on a phone, with their button and the number to call', async ({
  page,
}) => {
  const owner = await newOwner(product, 'courriel');
  // The newest e-mail of a new owner: the sign-up confirmation (supabase/templates/confirmation.html).
  const confirmation = await product.lastMail(owner.email);
  const confirm = await expectReadableOnAPhone(
    page,
    confirmation.html,
    'Confirmer mon adresse e-mail',
    'Bienvenue ! Confirmez votre adresse e-mail pour activer votre compte Médaille.',
  );
  await expect(confirm).toHaveAttribute('href', confirmation.links[0] as string);

  const rex = await animalOnNewCode(product, owner, { nom: 'Rex' });
  await postFinderMessage(rex.code, 'Il est avec moi, au parc de la Tête d’Or.', '06 11 22 33 44');
  const mail = await product.lastMail(owner.email);
  expect(mail.subject).toBe('Message au sujet de Rex');
  const inbox = await expectReadableOnAPhone(
    page,
    mail.html,
    'Voir dans vos messages',
    'Il est avec moi, au parc de la Tête d’Or.',
  );
  expect(new URL((await inbox.getAttribute('href')) as string).pathname).toBe(
    `/mon-compte/animal/${rex.animalId}/historique`,
  );
  await expect(page.getByRole('link', { name: '06 11 22 33 44' })).toHaveAttribute('href', 'tel:+33611223344');
});
