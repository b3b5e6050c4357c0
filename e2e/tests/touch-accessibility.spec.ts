import type { CDPSession, Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility.ts';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { PHONE, signIn } from '../support/pages.ts';
import { expect, product, test } from '../support/test.ts';

// What a person on a 390 px touch phone meets: red buttons that can be read, controls a thumb can hit,
// a focus that can be seen, and a photo view that gives focus back and lets the browser zoom.

let owner: TestOwner;
let rex: { code: string; animalId: string };

test.beforeAll(async () => {
  owner = await newOwner(product, 'tactile');
  rex = await animalOnNewCode(product, owner, { nom: 'Rex', espece: 'dog', sexe: 'M' }, 3);
});

test.use(PHONE);

/**
 * The portal's controls a finger aims at that are smaller than asked: `min` px high (and wide, for
 * `square`). The site's header and the toasts are the shell's and the toasts' own.
 */
async function tooSmall(page: Page, selector: string, min: number, square = false): Promise<string[]> {
  return page.locator(selector).evaluateAll(
    (elements, [min, square]) =>
      elements.flatMap((element) => {
        if (!element.closest('.radix-themes') || element.closest('.md-toast-viewport')) return [];
        const box = element.getBoundingClientRect();
        // Not shown, or a visually hidden input whose visible control is its label.
        if (box.width <= 1 || box.height <= 1) return [];
        if (box.height >= (min as number) && (!square || box.width >= (min as number))) return [];
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
        return [`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`];
      }),
    [min, square] as const,
  );
}

const FORM_CONTROLS =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), select, button:not([role="checkbox"]):not([role="switch"]), [role="combobox"], [role="tab"]';
const TICKS = 'input[type="checkbox"], [role="checkbox"], [role="switch"]';

async function expectTouchSized(page: Page) {
  expect(await tooSmall(page, FORM_CONTROLS, 44)).toEqual([]);
  expect(await tooSmall(page, TICKS, 24, true)).toEqual([]);
}

test.describe('the portal on a touch phone', () => {
  test('a red confirmation button reads at 4.5:1 at least: deleting an animal', async ({ page }) => {
    await signIn(page, product, owner, `/mon-compte/animal/${rex.animalId}`);
    await page.getByRole('button', { name: "Supprimer le profil de l'animal" }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Êtes-vous sûr ?' });
    await expect(dialog.getByRole('button', { name: 'Supprimer définitivement' })).toBeVisible();
    await expectAccessible(page, '[role="alertdialog"]');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });

  test('text fields, selects and buttons are 44 px high; checkboxes and switches 24 px, ticked from their label too', async ({
    page,
  }) => {
    await page.goto(`${product.url}/auth/login`);
    await expect(page.getByLabel('Mot de passe')).toBeVisible();
    await expectTouchSized(page);

    await signIn(page, product, owner);
    await expect(page.getByText('Rex', { exact: true }).first()).toBeVisible();
    await expectTouchSized(page);

    await page.goto(`${product.url}/mon-compte/animal/${rex.animalId}`);
    const sterilized = page.getByRole('checkbox', { name: 'Stérilisé(e)' });
    await expect(sterilized).not.toBeChecked();
    await expectTouchSized(page);
    // The label's text is part of the target.
    await page.getByText('Stérilisé(e)', { exact: true }).tap();
    await expect(sterilized).toBeChecked();
  });
});

/** The colour of what is behind `element`: the first ancestor's background that is not transparent. */
const CONTRAST_OF_FOCUS = () => {
  const channels = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = channels(colour).map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const focused = document.activeElement as HTMLElement;
  const style = getComputedStyle(focused);
  let behind = focused.parentElement;
  let background = 'rgb(255, 255, 255)';
  while (behind) {
    const colour = getComputedStyle(behind).backgroundColor;
    if (channels(colour)[3] !== 0 && colour !== 'transparent') {
      background = colour;
      break;
    }
    behind = behind.parentElement;
  }
  const [light, dark] = [luminance(style.outlineColor), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return {
    // The scan remote's own controls, not the site's header around it.
    onScanPage: focused.closest('.scan, .scan-language') !== null,
    name: focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? focused.tagName,
    outline: `${style.outlineStyle} ${style.outlineWidth} offset ${style.outlineOffset}`,
    contrast: Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100,
  };
};

/** Tabs through the scan page's next `count` stops and reads each one's focus ring. */
async function focusRings(page: Page, count: number) {
  const rings: { name: string; outline: string; contrast: number }[] = [];
  for (let tabs = 0; rings.length < count && tabs < count * 3; tabs += 1) {
    await page.keyboard.press('Tab');
    const { onScanPage, ...ring } = await page.evaluate(CONTRAST_OF_FOCUS);
    if (onScanPage) rings.push(ring);
  }
  expect(rings).toHaveLength(count);
  return rings;
}

function expectVisibleRings(rings: { name: string; outline: string; contrast: number }[]) {
  for (const ring of rings) {
    expect(ring.outline, ring.name).toMatch(/^solid 3px offset [2-9]px$/);
    expect(ring.contrast, ring.name).toBeGreaterThanOrEqual(3);
  }
}

/** A one-finger swipe, as the phone's screen reports it. */
async function swipe(cdp: CDPSession, from: { x: number; y: number }, dx: number) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 5; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (dx * step) / 5, y: from.y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two fingers drawn apart, 40 px to 240 px, around `at`. */
async function pinch(cdp: CDPSession, at: { x: number; y: number }) {
  const fingers = (gap: number) => [
    { x: at.x - gap / 2, y: at.y, id: 1 },
    { x: at.x + gap / 2, y: at.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(40 + step * 20) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.describe("the site's header on a touch phone", () => {
  test('its links are 44 px high for a finger and show a 3 px focus ring to a keyboard', async ({ page }) => {
    await signIn(page, product, owner);
    const nav = page.locator('.site-nav').getByRole('link').or(page.locator('.site-nav').getByRole('button'));
    await expect(nav).toHaveText(['Mon compte', 'Se déconnecter']);
    for (const control of await nav.all()) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    const rings = [];
    for (let stop = 0; stop < 3; stop += 1) {
      await page.keyboard.press('Tab');
      rings.push(await page.evaluate(CONTRAST_OF_FOCUS));
    }
    expect(rings.map((ring) => ring.name)).toEqual(["Médaille, retour à l'accueil", 'Mon compte', 'Se déconnecter']);
    expectVisibleRings(rings);
  });
});

test.describe('the scan page on a touch phone', () => {
  test('every button, link and field shows a 3 px focus ring that stands out at 3:1, on the page and over a photo', async ({
    page,
  }) => {
    await page.goto(`${product.url}/${rex.code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Rex' })).toBeVisible();
    expectVisibleRings(await focusRings(page, 12));

    await page.getByRole('button', { name: /Agrandir la photo : Photo 1 de Rex/ }).press('Enter');
    await expect(page.getByRole('dialog', { name: 'Photos de Rex en plein écran' })).toBeVisible();
    expectVisibleRings(await focusRings(page, 6));
  });

  test('the photo view gives focus back to the photo shown, however it closes, and swipes between photos', async ({
    page,
  }) => {
    await page.goto(`${product.url}/${rex.code}`);
    const carousel = page.getByRole('region', { name: 'Photos de Rex' });
    const lightbox = page.getByRole('dialog', { name: 'Photos de Rex en plein écran' });
    const slide = (n: number) => carousel.getByRole('button', { name: `Agrandir la photo : Photo ${n} de Rex` });

    await slide(1).tap();
    await expect(lightbox).toBeVisible();
    await expectAccessible(page, 'dialog[open]');
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(slide(1)).toBeFocused();

    // Swiped to the next photo, the view closes on the photo now shown in the page.
    await slide(1).tap();
    // Across the middle of the screen (the test photos are 1 px: the stage around them is the target).
    const stage = await lightbox.boundingBox();
    if (!stage) throw new Error('the view has no box');
    const cdp = await page.context().newCDPSession(page);
    await swipe(cdp, { x: stage.x + stage.width * 0.8, y: stage.y + stage.height / 2 }, -stage.width * 0.6);
    await expect(lightbox.getByRole('img', { name: 'Photo 2 de Rex' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(slide(2)).toBeFocused();

    await slide(2).tap();
    await lightbox.getByRole('button', { name: 'Photo suivante' }).tap();
    await expect(lightbox.getByRole('img', { name: 'Photo 3 de Rex' })).toBeVisible();
    await lightbox.getByRole('button', { name: 'Fermer' }).tap();
    await expect(lightbox).toBeHidden();
    await expect(slide(3)).toBeFocused();
  });

  test('the photo view lets the browser zoom with two fingers', async ({ page }) => {
    await page.goto(`${product.url}/${rex.code}`);
    await page.getByRole('button', { name: /Agrandir la photo : Photo 1 de Rex/ }).tap();
    const view = await page.getByRole('dialog', { name: 'Photos de Rex en plein écran' }).boundingBox();
    if (!view) throw new Error('the view has no box');
    const cdp = await page.context().newCDPSession(page);
    await pinch(cdp, { x: view.x + view.width / 2, y: view.y + view.height / 2 });
    await expect.poll(() => page.evaluate(() => window.visualViewport?.scale ?? 1)).toBeGreaterThan(1.5);
  });

  test('a double tap on the photo view zooms in, a second one back to the whole photo', async ({ page }) => {
    await page.goto(`${product.url}/${rex.code}`);
    await page.getByRole('button', { name: /Agrandir la photo : Photo 1 de Rex/ }).tap();
    const lightbox = page.getByRole('dialog', { name: 'Photos de Rex en plein écran' });
    const view = await lightbox.boundingBox();
    if (!view) throw new Error('the view has no box');
    const doubleTap = async () => {
      await page.touchscreen.tap(view.x + view.width / 2, view.y + view.height / 3);
      await page.touchscreen.tap(view.x + view.width / 2, view.y + view.height / 3);
    };
    await doubleTap();
    await expect(lightbox.getByRole('img')).toHaveAttribute('data-zoom', '2.25');
    await expect(lightbox.getByText('Zoom : 225 %')).toBeVisible();
    // A person's pause: taps straight on would count as a third and a fourth, not a new double tap.
    await page.waitForTimeout(1000);
    await doubleTap();
    await expect(lightbox.getByRole('img')).toHaveAttribute('data-zoom', '1');
  });
});
