// The owner's portal on a phone (docs/budgets.md): at 150 ms / 1.6 Mb/s, the cache empty, how long until 'Mes animaux'
// shows a signed-in owner's animals and until the edit page of one of them is usable, for the portal as the
// site serves it (the shell, then the portal remote through Module Federation) and for a plain single-page
// build of the same pages (PORTAL_WITHOUT_FEDERATION, which run.ts builds), served as static hosting would,
// on the same backend. Budget: each at most 2 s, and at most 1.2 × the plain build.
import { join } from 'node:path';
import type { RunningProduct } from '@medaille/launcher';
import { serveStaticSite } from '@medaille/launcher/static-site';
import { editAnimalPath } from '@medaille/routing';
import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';
import type { Browser } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { animalOnNewCode, newOwner, type TestOwner } from '../support/owners.ts';
import { lastMailIn } from '../support/product.ts';
import { median, type NetworkProfile, recordRequests, WINDOW_SETTLE_MS } from './network.ts';

export const PORTAL_PHONE_BUDGET = { ms: 2000, toPlain: 1.2 } as const;

const PORTAL_BUILDS = ['portal', 'plainBuild'] as const;
type PortalBuild = (typeof PORTAL_BUILDS)[number];
const PAGES = ['myAnimals', 'editPage'] as const;
type PortalPage = (typeof PAGES)[number];

export type PortalPhoneResult = Record<PortalBuild, Record<PortalPage, number>> & {
  toPlain: Record<PortalPage, number>;
};

/** An owner as the bench measures one: two animals, the newest with three photos. */
async function benchOwner(product: RunningProduct) {
  const backend = { stack: product.stack, lastMail: (to: string) => lastMailIn(product.stack.url, to) };
  const owner = await newOwner(backend, 'bench-portal');
  await animalOnNewCode(backend, owner, { nom: 'Mina', espece: 'cat', sexe: 'F' });
  const { animalId } = await animalOnNewCode(backend, owner, { nom: 'Rex', espece: 'dog', sexe: 'M' }, 3);
  return { owner, animalId, name: 'Rex' };
}

/**
 * The owner's session, as the login page would have stored it: one for every load (an hour's access token, which
 * no load renews), so that the loads do not spend the stack's sign-in rate limit.
 */
async function storedSession(product: RunningProduct, owner: TestOwner): Promise<string> {
  const client = createClient(product.stack.url, product.stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
  if (error) throw error;
  return JSON.stringify(data.session);
}

/**
 * Loads `url` signed in, in a fresh context with the cache off on the given network, and answers the time (ms
 * since the navigation started) of the first frame painted once `ready` (a condition on the document, as
 * source text) holds.
 */
async function paintedWhen(browser: Browser, url: string, session: string, network: NetworkProfile, ready: string) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  // As the scan pages' loads: the new window's own work is done before the page opens.
  await page.waitForTimeout(WINDOW_SETTLE_MS);
  await context.addInitScript(
    ([key, value]) => {
      localStorage.setItem(key, value);
    },
    [SESSION_STORAGE_KEY, session] as const,
  );
  await page.addInitScript(`(function () {
    function check() {
      if (window.__readyAt !== undefined || !(${ready})) return;
      window.__readyAt = -1;
      requestAnimationFrame(function () { window.__readyAt = performance.now(); });
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
    setInterval(check, 20);
  })();`);
  await recordRequests(page, network);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => ((window as { __readyAt?: number }).__readyAt ?? -1) > 0, null, {
    timeout: 60_000,
  });
  const readyAt = await page.evaluate(() => (window as { __readyAt?: number }).__readyAt as number);
  await context.close();
  return readyAt;
}

/**
 * 'Mes animaux' is ready when an animal's card shows its name; the edit page is usable when its form holds the
 * animal's name and can be saved.
 */
const READY: Record<PortalPage, (name: string) => string> = {
  myAnimals: (name) =>
    `Array.prototype.some.call(document.querySelectorAll('h2'), function (h) { return h.textContent.trim() === ${JSON.stringify(name)}; })`,
  editPage: (name) =>
    `Array.prototype.some.call(document.querySelectorAll('input'), function (i) { return i.value === ${JSON.stringify(name)}; })` +
    ` && Array.prototype.some.call(document.querySelectorAll('button[type=submit]'), function (b) { return b.textContent.trim() === 'Enregistrer' && !b.disabled; })`,
};

/**
 * Measures both builds `runs` times, one after the other in each run, and answers the medians. The plain build
 * gets the product's deploy-time configuration inline, as the shell's page has it.
 */
export async function portalOnAPhone(
  browser: Browser,
  product: RunningProduct,
  options: { repo: string; network: NetworkProfile; runs: number },
): Promise<PortalPhoneResult> {
  const config = await (await fetch(`${product.url}/config.js`)).text();
  const plain = await serveStaticSite({
    root: join(options.repo, 'remotes/portal/dist-without-federation'),
    port: 0,
    spaFallback: true,
    transformHtml: (html) => html.replace('<head>', `<head><script>${config}</script>`),
  });
  try {
    const { owner, animalId, name } = await benchOwner(product);
    const session = await storedSession(product, owner);
    const origins: Record<PortalBuild, string> = { portal: product.url, plainBuild: plain.url };
    const paths: Record<PortalPage, string> = { myAnimals: '/mon-compte', editPage: editAnimalPath(animalId) };
    const times = Object.fromEntries(
      PORTAL_BUILDS.map((build) => [build, Object.fromEntries(PAGES.map((page) => [page, [] as number[]]))]),
    ) as Record<PortalBuild, Record<PortalPage, number[]>>;
    for (let run = 0; run < options.runs; run += 1) {
      console.error(`portal on a phone: run ${run + 1} of ${options.runs}`);
      for (const build of PORTAL_BUILDS) {
        for (const page of PAGES) {
          const url = `${origins[build]}${paths[page]}`;
          times[build][page].push(await paintedWhen(browser, url, session, options.network, READY[page](name)));
        }
      }
    }
    const medians = Object.fromEntries(
      PORTAL_BUILDS.map((build) => [
        build,
        Object.fromEntries(PAGES.map((page) => [page, Math.round(median(times[build][page]))])),
      ]),
    ) as Record<PortalBuild, Record<PortalPage, number>>;
    const toPlain = Object.fromEntries(
      PAGES.map((page) => [page, Math.round((medians.portal[page] / medians.plainBuild[page]) * 100) / 100]),
    ) as Record<PortalPage, number>;
    return { ...medians, toPlain };
  } finally {
    await plain.close();
  }
}

export function withinPortalPhoneBudget(result: PortalPhoneResult): boolean {
  return PAGES.every(
    (page) => result.portal[page] <= PORTAL_PHONE_BUDGET.ms && result.toPlain[page] <= PORTAL_PHONE_BUDGET.toPlain,
  );
}

export function portalPhoneRows(result: PortalPhoneResult) {
  const label: Record<PortalPage, string> = {
    myAnimals: "'Mes animaux' with the animals",
    editPage: 'edit page usable',
  };
  return Object.fromEntries(
    PAGES.map((page) => [
      `portal on a phone: ${label[page]}, portal / plain build (ms, ×)`,
      {
        value: `${result.portal[page]} / ${result.plainBuild[page]} (${result.toPlain[page]}×)`,
        budget: `≤ ${PORTAL_PHONE_BUDGET.ms}, ≤ ${PORTAL_PHONE_BUDGET.toPlain}×`,
      },
    ]),
  );
}
