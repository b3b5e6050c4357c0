// `pnpm bench`: the budgets of DESIGN section 6, measured on the production builds in Debian's Chromium and
// on the local stack. Prints a table, writes bench/results.json, and exits 1 when a budget is missed.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchProduct } from '@medaille/launcher';
import { serveStaticSite } from '@medaille/launcher/static-site';
import { loadConfig, startStack } from '@medaille/local-stack';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM } from '../support/chromium.ts';
import { LOAD, loadOnPglite, loadOnPostgres, loadRows, withinLoadBudget } from './load.ts';
import { recordRequests, watchForHeading } from './network.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

interface PageLoad {
  nameMs: number;
  jsBytes: number;
  cssBytes: number;
  levels: number;
  requests: number;
}

/**
 * Loads a page in a fresh context, throttled or not, and measures it until the heading shows. The browser
 * reads `locale` (French unless told): the scan page speaks it.
 */
async function loadPage(
  browser: Browser,
  url: string,
  heading: string | null,
  throttled: boolean,
  locale = 'fr-FR',
): Promise<PageLoad> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const recorder = await recordRequests(page, throttled);
  const nameShown = heading ? await watchForHeading(page, heading) : null;
  await page.goto(url, { waitUntil: heading ? 'commit' : 'networkidle' });
  const nameMs = nameShown ? await nameShown() : 0;
  if (heading) await page.waitForLoadState('networkidle');
  const all = recorder.finished();
  const navigationStart = all[0]?.start ?? 0;
  const beforeName = heading ? all.filter((request) => request.start <= navigationStart + nameMs / 1000) : all;
  const bytes = (type: string) =>
    all.filter((request) => request.type === type).reduce((sum, request) => sum + request.bytes, 0);
  await context.close();
  return {
    nameMs,
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
    levels: Math.max(...beforeName.map((request) => request.level)),
    requests: all.length,
  };
}

/** The scan page built as one plain bundle, served beside the product with the same early profile request. */
async function serveWithoutFederation(config: string, shellHtml: string) {
  const build = spawnSync('pnpm', ['--filter', '@medaille/scan', 'exec', 'rsbuild', 'build'], {
    cwd: REPO,
    env: { ...process.env, SCAN_WITHOUT_FEDERATION: '1' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the plain scan build failed:\n${build.stderr}${build.stdout}`);
  const earlyRequest = /<script>\s*\/\/ A scan page asks[\s\S]*?<\/script>/.exec(shellHtml)?.[0] ?? '';
  return serveStaticSite({
    root: join(REPO, 'remotes/scan/dist-without-federation'),
    port: 0,
    spaFallback: true,
    transformHtml: (html) => html.replace('<head>', `<head><script>${config}</script>${earlyRequest}`),
  });
}

/** A static page with the same content as the profile: what the network alone allows. */
function staticProfilePage(profile: Record<string, unknown>) {
  const escapeHtml = (value: unknown) =>
    String(value ?? '').replace(
      /[&<>"]/g,
      (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] as string,
    );
  const photos = (profile.photos as { url: string }[]).slice(0, 1);
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(profile.name)}</title></head><body><main>${photos.map((p) => `<img src="${escapeHtml(p.url)}" alt="">`).join('')}
<h1>${escapeHtml(profile.name)}</h1><p>${escapeHtml(profile.breed)}</p><h2>INFORMATIONS IMPORTANTES</h2><p>${escapeHtml(profile.important_info)}</p>
<h2>À PROPOS DE MOI</h2><p>${escapeHtml(profile.color)}</p><footer>Profil sécurisé par Médaille</footer></main></body></html>`;
}

async function stackStarts() {
  const dataDir = await mkdtemp(join(tmpdir(), 'medaille-bench-start-'));
  const config = loadConfig({ DATA_DIR: dataDir }, { port: 0, dataDir, databaseUrl: undefined });
  const cold = await startStack(config);
  await cold.close();
  const warm = await startStack(config);
  await warm.close();
  await rm(dataDir, { recursive: true, force: true });
  return { coldMs: cold.startupMs, warmMs: warm.startupMs };
}

const dataDir = await mkdtemp(join(tmpdir(), 'medaille-bench-'));
const product = await launchProduct({
  ports: { shell: 0, scan: 0, portal: 0, stack: 0 },
  env: { DATA_DIR: dataDir, DATABASE_URL: '', FUNCTION_PROFILE_RATE_LIMIT_PER_MINUTE: '100000' },
});
const browser = await chromium.launch(CHROMIUM);
try {
  const scanUrl = `${product.url}/MDL-DEMO-REX`;
  const shellHtml = await (await fetch(scanUrl)).text();
  const config = /<script>(window\.__MEDAILLE_CONFIG__[^<]*)<\/script>/.exec(shellHtml)?.[1] ?? '';
  const plain = await serveWithoutFederation(config, shellHtml);
  const profile = await (
    await fetch(`${product.stack.url}/functions/v1/get_public_profile`, {
      method: 'POST',
      headers: { apikey: product.stack.anonKey, authorization: `Bearer ${product.stack.anonKey}` },
      body: '{"code":"MDL-DEMO-REX"}',
    })
  ).json();
  const staticSite = await serveStaticSite({
    root: dataDir,
    port: 0,
    generated: { '/rex.html': { type: 'text/html; charset=utf-8', body: () => staticProfilePage(profile) } },
  });

  const firstVisit = await loadPage(browser, scanUrl, 'Rex', false);
  // Each language of the scan page (issue 17) is its own chunk, downloaded only by its readers: the route's
  // JavaScript for a browser in each of them, French being the one above.
  const jsKBByLanguage: Record<string, number> = { fr: kb(firstVisit.jsBytes) };
  for (const locale of ['en-GB', 'es-ES', 'de-DE', 'it-IT', 'nl-NL']) {
    jsKBByLanguage[locale.slice(0, 2)] = kb((await loadPage(browser, scanUrl, 'Rex', false, locale)).jsBytes);
  }
  const timings = { federation: [] as number[], plain: [] as number[], staticPage: [] as number[] };
  let levels = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const federated = await loadPage(browser, scanUrl, 'Rex', true);
    levels = Math.max(levels, federated.levels);
    timings.federation.push(federated.nameMs);
    timings.plain.push((await loadPage(browser, `${plain.url}/MDL-DEMO-REX`, 'Rex', true)).nameMs);
    timings.staticPage.push((await loadPage(browser, `${staticSite.url}/rex.html`, 'Rex', true)).nameMs);
  }
  const portal = await loadPage(browser, `${product.url}/auth/login`, null, false);
  await plain.close();
  await staticSite.close();
  await browser.close();
  await product.close();

  const starts = await stackStarts();
  // The finders' load (DESIGN §6): on the machine's PostgreSQL, budgeted; on PGlite, for information.
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const loadPostgres = await loadOnPostgres(adminUrl);
  const loadPglite = await loadOnPglite();

  const results = {
    machine: { cores: (await import('node:os')).cpus().length, node: process.version },
    scanRoute: {
      jsKB: kb(firstVisit.jsBytes),
      jsKBByLanguage,
      budgetKB: 100,
      levelsBeforeName: levels,
      budgetLevels: 3,
      nameVisibleMedianMs: {
        federation: Math.round(median(timings.federation)),
        withoutFederation: Math.round(median(timings.plain)),
        staticHtml: Math.round(median(timings.staticPage)),
      },
      ratioToWithoutFederation: Math.round((median(timings.federation) / median(timings.plain)) * 100) / 100,
      budgetRatio: 1.2,
      runs: RUNS,
    },
    // The CSS alone too: most of it is Radix Themes' stylesheet, which the pages use little of (issue 14).
    portalFirstRoute: { jsAndCssKB: kb(portal.jsBytes + portal.cssBytes), cssKB: kb(portal.cssBytes), budgetKB: 300 },
    finderLoad: { load: LOAD, postgres: loadPostgres, pglite: loadPglite },
    localStackStartMs: starts,
  };
  const verdicts = {
    'scan route JS ≤ 100 KB, in every language': Object.values(jsKBByLanguage).every((value) => value <= 100),
    'scan route ≤ 3 request levels': results.scanRoute.levelsBeforeName <= 3,
    'scan name ≤ 1.2 × without federation': results.scanRoute.ratioToWithoutFederation <= 1.2,
    'portal first route ≤ 300 KB': results.portalFirstRoute.jsAndCssKB <= 300,
    'get_public_profile under load on PostgreSQL: p95 ≤ 300 ms, no errors': withinLoadBudget(loadPostgres),
  };

  console.table({
    'scan route: JS transferred (KB)': { value: results.scanRoute.jsKB, budget: '≤ 100' },
    ...Object.fromEntries(
      Object.entries(jsKBByLanguage).map(([language, value]) => [
        `scan route: JS transferred, ${language} browser (KB)`,
        { value, budget: '≤ 100' },
      ]),
    ),
    'scan route: request levels before the name': { value: levels, budget: '≤ 3' },
    'name visible, federation (ms, median)': {
      value: results.scanRoute.nameVisibleMedianMs.federation,
      budget: `≤ 1.2 × plain`,
    },
    'name visible, plain bundle (ms, median)': {
      value: results.scanRoute.nameVisibleMedianMs.withoutFederation,
      budget: '',
    },
    'name visible, static HTML (ms, median)': {
      value: results.scanRoute.nameVisibleMedianMs.staticHtml,
      budget: 'limit',
    },
    'portal first route: JS + CSS (KB)': { value: results.portalFirstRoute.jsAndCssKB, budget: '≤ 300' },
    'portal first route: of which CSS (KB)': { value: results.portalFirstRoute.cssKB, budget: '' },
    ...loadRows(loadPostgres),
    ...loadRows(loadPglite),
    'local stack start, cold / warm (ms)': { value: `${starts.coldMs} / ${starts.warmMs}`, budget: '' },
  });
  for (const [budget, met] of Object.entries(verdicts)) console.log(`${met ? 'met   ' : 'MISSED'}  ${budget}`);
  await mkdir(join(REPO, 'bench'), { recursive: true });
  await writeFile(join(REPO, 'bench/results.json'), `${JSON.stringify({ ...results, verdicts }, null, 2)}\n`);
  process.exitCode = Object.values(verdicts).every(Boolean) ? 0 : 1;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
