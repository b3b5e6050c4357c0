// @vitest-environment node
// The BUILT server entry (dist/server, made by `pnpm --filter @medaille/scan build`), imported as the host
// imports it: one self-contained ES module named by server-manifest.json, a route module run here as the
// host runs it (loader through a capability, then the document's render).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  asScanRouteModule,
  type PageDocument,
  type RouteArgs,
  readServerManifest,
  type ScanHydration,
  type ScanRouteModule,
  type ScanServerManifest,
} from '@medaille/scan-contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicProfile, ScanAnswer } from './profile-api.ts';

const SERVER_DIR = fileURLToPath(new URL('../dist/server/', import.meta.url));
const MANIFEST = `${SERVER_DIR}server-manifest.json`;

let manifest: ScanServerManifest;
let source: string;
let server: ScanRouteModule;

beforeAll(async () => {
  if (!existsSync(MANIFEST)) throw new Error('no dist/server: run `pnpm --filter @medaille/scan build` first');
  manifest = readServerManifest(JSON.parse(readFileSync(MANIFEST, 'utf8')));
  source = readFileSync(`${SERVER_DIR}${manifest.file}`, 'utf8');
  // A data: URL, as a host that checked the bytes' hash may import them: nothing else can be resolved then.
  server = asScanRouteModule(
    await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`),
    manifest.file,
  );
  // Ages and dates are counted from the render's time.
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterAll(() => {
  vi.useRealTimers();
});

/** Each script of a page's HTML that runs its own text (not the JSON data): its attributes as written, and its code. */
const scriptElements = (html: string) =>
  [...html.matchAll(/<script((?: [a-z-]+(?:="[^"]*")?)*)>([^<]*)<\/script>/g)]
    .filter((match) => !match[1]?.includes(' type='))
    .map((match) => ({ attributes: match[1] as string, code: match[2] as string }));
/** The code of each inline script of a page's HTML. */
const inlineScripts = (html: string) => scriptElements(html).map((script) => script.code);
/** The URLs a page's message form fetches when opened: its script's data-scripts, as the browser decodes them. */
const dialogUrls = (html: string): string[] => {
  const attribute = /data-scripts="([^"]*)"/.exec(scriptElements(html)[0]?.attributes ?? '')?.[1] ?? '[]';
  const decoded = attribute.replace(/&(quot|amp|lt|gt|#x27);/g, (_, name: string) =>
    name === '#x27' ? "'" : (({ quot: '"', amp: '&', lt: '<', gt: '>' } as Record<string, string>)[name] ?? ''),
  );
  return JSON.parse(decoded) as string[];
};

// Rex of the demo data (supabase/seed.sql), as get_public_profile answers for him.
const REX: PublicProfile = {
  status: 'claimed',
  code: 'MDL-DEMO-REX',
  name: 'Rex',
  species: 'dog',
  breed: 'Berger australien',
  color: 'Bleu merle',
  sex: 'M',
  sterilized: true,
  weight_kg: 24.5,
  birth_year: 2019,
  important_info: 'Très sociable, il viendra vers vous.',
  allergies: 'Poulet',
  meds: null,
  temperament: 'Joueur et affectueux',
  vet_info: 'Clinique vétérinaire des Lilas, Lyon',
  chip_or_tattoo: '250269604123456',
  is_lost: false,
  last_known_location: null,
  photo_url: 'https://project.supabase.co/storage/v1/object/public/animal-photos/b1/demo-1.png',
  cover_photo_id: 'c1',
  photos: [
    {
      id: 'c1',
      path: 'b1/demo-1.png',
      position: 0,
      url: 'https://project.supabase.co/storage/v1/object/public/animal-photos/b1/demo-1.png',
      width: 600,
      height: 450,
    },
    {
      id: 'c2',
      path: 'b1/demo-2.png',
      position: 1,
      url: 'https://project.supabase.co/storage/v1/object/public/animal-photos/b1/demo-2.png',
      width: 600,
      height: 450,
    },
  ],
  public_phone: '0612345678',
  public_address_line: '3 rue des Lilas',
  public_city: 'Lyon',
  show_public_phone: true,
  show_public_email: false,
  show_public_address: true,
};

interface PageInput {
  code: string;
  /** get_public_profile's answer, as the capability gives it to the loader. */
  answer: unknown;
  acceptLanguage: string | null;
  languageCookie: string | null;
  renderedAt: string;
  pageUrl: string;
  config: { supabaseUrl: string; supabaseAnonKey: string; imageTransformations: boolean };
  scripts?: string[];
  signal?: AbortSignal;
}

const input = (overrides: Partial<PageInput> = {}): PageInput => ({
  code: 'MDL-DEMO-REX',
  answer: REX,
  acceptLanguage: null,
  languageCookie: null,
  renderedAt: '2026-11-23T18:00:00.000Z',
  pageUrl: 'https://medaille.example/MDL-DEMO-REX',
  config: { supabaseUrl: 'https://project.supabase.co', supabaseAnonKey: 'anon', imageTransformations: false },
  ...overrides,
});

const DOCUMENT: PageDocument = {
  head: [
    { tag: 'meta', attributes: [['charset', 'UTF-8']] },
    { tag: 'title', attributes: [], text: 'Médaille' },
    {
      tag: 'script',
      attributes: [
        ['defer', ''],
        ['src', '/static/js/index.js'],
      ],
      text: '',
    },
  ],
  styles: [],
  scripts: [],
};

/** The route module run as the host runs it: the loader, then the whole document, then read back. */
async function renderScanPage(page: PageInput, document: PageDocument = DOCUMENT) {
  vi.setSystemTime(new Date(page.renderedAt));
  const headers = new Headers();
  if (page.acceptLanguage) headers.set('accept-language', page.acceptLanguage);
  if (page.languageCookie) headers.set('cookie', `theme=dark; medaille_lang=${page.languageCookie}`);
  const args: RouteArgs = {
    request: new Request(page.pageUrl, { headers }),
    params: { code: page.code },
    context: { callFunction: async () => Response.json(page.answer) },
    signal: page.signal ?? new AbortController().signal,
  };
  const loaderData = await server.loader(args);
  const html = await server.render({
    ...args,
    loaderData,
    document: { ...document, scripts: page.scripts ?? [] },
    config: page.config,
  });
  const body = html.slice(html.indexOf('<div id="scan-page">') + '<div id="scan-page">'.length);
  return {
    status: loaderData.status,
    document: html,
    lang: /^<!doctype html><html lang="([^"]*)">/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    html: body.slice(0, body.lastIndexOf('</div></body></html>')),
    hydration: JSON.parse(
      /<script type="application\/json" id="medaille-scan-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null',
    ) as ScanHydration,
  };
}

/** The message form's key, which each finder's page has of its own. */
const sendKeyOf = (html: string) => /name="send_key" value="([^"]*)"/.exec(html)?.[1];
const withoutSendKey = (html: string) => html.replace(/name="send_key" value="[^"]*"/, '');

const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

describe('the built server entry', () => {
  it('is one file, named with its hash by the manifest, with the build id the browser page has too', () => {
    expect(manifest.file).toMatch(/^scan-server\.[0-9a-f]+\.mjs$/);
    expect(manifest.sha256).toBe(
      createHash('sha256')
        .update(readFileSync(`${SERVER_DIR}${manifest.file}`))
        .digest('hex'),
    );
    expect(server.BUILD_ID).toBe(manifest.build);
    expect(server.BUILD_ID).not.toBe('development');
    // No import of any kind (static, dynamic, CommonJS) for a runtime to resolve.
    expect(source).not.toMatch(/\bimport\s*[("'{*]|\bimport\s+\w+\s+from\b|\brequire\s*\(/);
  });

  it('renders Rex: name, photo, tags, visible contacts, sections, in French by default', async () => {
    const page = await renderScanPage(input());
    expect(page.lang).toBe('fr');
    expect(page.title).toBe('Médaille');
    expect(page.html).toContain('<h1 class="scan-name">Rex</h1>');
    expect(page.html).toContain(
      'src="https://project.supabase.co/storage/v1/object/public/animal-photos/b1/demo-1.png"',
    );
    const text = textOf(page.html);
    for (const shown of ['Chien', 'Berger australien', 'Mâle', 'Stérilisé', 'Poulet', '250269604123456', '7 ans']) {
      expect(text).toContain(shown);
    }
    expect(page.html).toContain('href="tel:+33612345678"');
    expect(text).toContain('3 rue des Lilas');
    expect(page.html).toContain('<details class="scan-card scan-section" open="">');
    expect(page.html).not.toContain('Animal signalé comme perdu');
    // Whole without any script: no boundary left for a script to put in place. Its one script, for a
    // browser with JavaScript, opens the message form as a dialog.
    expect(page.html).not.toMatch(/<template|\$RC/);
    expect(inlineScripts(page.html)).toEqual([expect.stringContaining('showModal')]);
    // One the module declares, which the host's Content-Security-Policy allows by its hash.
    expect(server.inlineScripts).toContain(inlineScripts(page.html)[0]);
    expect(page.hydration).toEqual({
      build: server.BUILD_ID,
      code: 'MDL-DEMO-REX',
      language: 'fr',
      locale: 'fr-FR',
      renderedAt: '2026-11-23T18:00:00.000Z',
      pageUrl: 'https://medaille.example/MDL-DEMO-REX',
      imageTransformations: false,
      answer: REX,
    });
  });

  it('has the opened message form fetch the dialog it turns into: its chunk and its words, in the page’s language', async () => {
    // The scan build's own on-demand scripts, as the host reads them from its mf-manifest.json.
    const webManifest = JSON.parse(readFileSync(new URL('../dist/mf-manifest.json', import.meta.url), 'utf8')) as {
      exposes: { assets: { js: { async: string[] } } }[];
    };
    const scripts = webManifest.exposes.flatMap((expose) =>
      expose.assets.js.async.map((file) => new URL(file, 'https://scan.example/').href),
    );
    const page = await renderScanPage(input({ acceptLanguage: 'de-DE', scripts }));
    expect(dialogUrls(page.html)).toEqual([
      expect.stringMatching(/^https:\/\/scan\.example\/static\/js\/async\/dialogs-de\.[0-9a-f]+\.js$/),
      expect.stringMatching(/^https:\/\/scan\.example\/static\/js\/async\/message-dialog\.[0-9a-f]+\.js$/),
    ]);
    // Inside the form's <details>, which it watches; nothing without the scan build's scripts. The same code
    // whatever the page: the URLs are in its attribute.
    expect(page.html.indexOf('<script')).toBeGreaterThan(page.html.indexOf('<details class="scan-scriptless"'));
    const plain = (await renderScanPage(input())).html;
    expect(dialogUrls(plain)).toEqual([]);
    expect(inlineScripts(plain)).toEqual(inlineScripts(page.html));
  });

  it('keeps a script URL inside its attribute: a quote or a </script> in it cannot end the attribute or the script', async () => {
    const url = 'https://scan.example/static/js/async/message-dialog.0a1b.js?x="></script><script>alert(1)//\u2028';
    const page = await renderScanPage(input({ scripts: [url] }));
    expect(page.html).not.toContain('<script>alert(1)');
    expect(inlineScripts(page.html)).toEqual([expect.stringContaining('showModal')]);
    // The attribute names the URL exactly, once its escapes are read.
    expect(dialogUrls(page.html)).toEqual([url]);
  });

  it('never writes a hidden contact, even one the answer carried', async () => {
    const page = await renderScanPage(
      input({ answer: { ...REX, public_email: 'hidden@medaille.test', show_public_address: false } }),
    );
    expect(page.html).not.toContain('hidden@medaille.test');
    expect(page.html).not.toContain('3 rue des Lilas');
    expect(page.html).toContain('tel:+33612345678');
  });

  it('shows the lost banner, and the owner’s text as text: a </script> in it cannot end a script', async () => {
    const name = 'Rex</script><script>alert(1)</script><!--';
    const page = await renderScanPage(input({ answer: { ...REX, name, is_lost: true } }));
    expect(page.html).toContain('Animal signalé comme perdu');
    expect(page.html).toContain('Rex&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    // The page's own script only.
    expect(page.html.split('<script').length).toBe(2);
    expect(page.html.split('</script>').length).toBe(2);
    expect(inlineScripts(page.html)).toEqual([expect.stringContaining('showModal')]);
  });

  it('speaks the cookie’s language first, else Accept-Language’s (by q), else French', async () => {
    const english = await renderScanPage(input({ acceptLanguage: 'pt-BR, en-US;q=0.8, de;q=0.9' }));
    expect(english.lang).toBe('de');
    expect(english.html).toContain('Tierart');
    const chosen = await renderScanPage(input({ acceptLanguage: 'de-DE', languageCookie: 'nl' }));
    expect(chosen.lang).toBe('nl');
    expect(textOf(chosen.html)).toContain('Diersoort');
    const unknownCookie = await renderScanPage(input({ acceptLanguage: 'es', languageCookie: 'xx' }));
    expect(unknownCookie.lang).toBe('es');
    const american = await renderScanPage(input({ acceptLanguage: 'en-US,en;q=0.9' }));
    expect(american.hydration.locale).toBe('en-US');
    expect(textOf(american.html)).toContain('7 years');
  });

  it('writes dates in French time whatever the server’s zone, and ages from the render time', async () => {
    const page = await renderScanPage(
      input({
        renderedAt: '2030-01-01T00:30:00.000Z',
        answer: { ...REX, last_known_location: { lat: 45.76, lon: 4.83, accuracy_m: 12, at: '2026-07-14T21:45:00Z' } },
      }),
    );
    expect(textOf(page.html)).toContain('Partagée le 14 juillet 2026 à 23:45');
    expect(textOf(page.html)).toContain('11 ans');
  });

  it('asks Storage for sized photos when the host’s configuration says it resizes', async () => {
    const page = await renderScanPage(
      input({ config: { supabaseUrl: 'x', supabaseAnonKey: 'y', imageTransformations: true } }),
    );
    expect(page.html).toContain('/storage/v1/render/image/public/animal-photos/b1/demo-1.png?width=800');
    // One request's configuration does not stay for the next.
    expect((await renderScanPage(input())).html).not.toContain('/render/image/');
  });

  const states: [ScanAnswer, string[]][] = [
    [{ status: 'not_found', code: 'MDL-NOPE' }, ['Code introuvable', 'mailto:contact@medaille.fr']],
    [
      { status: 'unclaimed', code: 'MDL-DEMO-FREE1' },
      ['Médaille non activée', 'href="/activer?code=MDL-DEMO-FREE1"', 'href="/auth/login?code=MDL-DEMO-FREE1"'],
    ],
    [{ status: 'suspended', code: 'MDL-S' }, ['Médaille suspendue', 'mailto:contact@medaille.fr']],
    [{ status: 'retired', code: 'MDL-R' }, ['Médaille retirée', 'MDL-R']],
  ];
  it.each(states)('renders the %j screen with its buttons as links, and a way forward', async (answer, expected) => {
    const page = await renderScanPage(input({ code: answer.code, answer }));
    for (const part of expected) expect(page.html).toContain(part);
    // The code typed again, by a form that works without JavaScript, and what to do in France.
    expect(page.html).toMatch(/<form[^>]*method="get"[^>]*>/);
    expect(page.html).toContain('name="code"');
    expect(page.html).toContain('Animal trouvé : que faire en France ?');
  });

  it('refuses what is not an answer of get_public_profile, a refused call, and an aborted render', async () => {
    await expect(renderScanPage(input({ answer: { status: 'hacked', code: 'X' } }))).rejects.toThrow();
    await expect(renderScanPage(input({ answer: null }))).rejects.toThrow();
    await expect(renderScanPage(input({ signal: AbortSignal.abort() }))).rejects.toThrow();
    // A rate limit: the client-rendered page asks again and says it in the finder's language.
    const limited: RouteArgs = {
      request: new Request('https://medaille.example/MDL-DEMO-REX'),
      params: { code: 'MDL-DEMO-REX' },
      context: { callFunction: async () => Response.json({ code: 'rate_limited' }, { status: 429 }) },
      signal: new AbortController().signal,
    };
    await expect(server.loader(limited)).rejects.toThrow('429');
  });

  it('answers 404 for a code that does not exist, and 200 otherwise', async () => {
    expect(
      (await renderScanPage(input({ code: 'MDL-NOPE', answer: { status: 'not_found', code: 'MDL-NOPE' } }))).status,
    ).toBe(404);
    expect((await renderScanPage(input())).status).toBe(200);
  });

  it('writes the whole document: the host’s head in order, the word that the data comes first, the stylesheets, then the data', async () => {
    const page = await renderScanPage(input(), {
      ...DOCUMENT,
      styles: [
        { href: '/static/css/a.css', loaderName: '/static/css/a.css', css: '.a{color:red}' },
        { href: 'https://scan.example/b.css', loaderName: 'static/b.css', css: '.b{background:url(x.png)}' },
      ],
    });
    // Before any script: the early-profile script then asks for nothing.
    expect(page.document).toMatch(
      /^<!doctype html><html lang="fr"><head><meta id="medaille-scan-data-coming"><meta charset="UTF-8"><title>Médaille<\/title><script defer src="\/static\/js\/index.js"><\/script>/,
    );
    // Inline under the chunk loader's name; a relative url() would resolve against the page: linked.
    expect(page.document).toMatch(
      /<style data-href="\/static\/css\/a.css">.a{color:red}<\/style><link rel="stylesheet" href="https:\/\/scan.example\/b.css"><script type="application\/json" id="medaille-scan-data">[^<]*<\/script><\/head>/,
    );
    expect(page.document).toContain('<body><div id="root"></div><div id="scan-page">');
  });

  it('starts the document from the request alone, and its rest after that start makes the same page', async () => {
    const page = input({ acceptLanguage: 'de-DE,de;q=0.9' });
    vi.setSystemTime(new Date(page.renderedAt));
    const args = {
      request: new Request(page.pageUrl, { headers: { 'accept-language': 'de-DE,de;q=0.9' } }),
      params: { code: page.code },
      context: { callFunction: async () => Response.json(page.answer) },
      signal: new AbortController().signal,
    };
    const document = { ...DOCUMENT, styles: [{ href: '/a.css', loaderName: '/a.css', css: '.a{color:red}' }] };
    const start = server.documentStart?.({ ...args, document, config: page.config }) ?? '';
    // Its language, head and styles; the head left open for the data.
    expect(start).toMatch(/^<!doctype html><html lang="de"><head>.*<style data-href="\/a.css">.a{color:red}<\/style>$/);
    expect(start).not.toContain('</head>');
    expect(start).not.toContain('Rex');
    const loaderData = await server.loader(args);
    const whole = await server.render({ ...args, loaderData, document, config: page.config });
    const rest = await server.render({ ...args, loaderData, document, config: page.config, started: true });
    expect(rest).toMatch(/^<script type="application\/json" id="medaille-scan-data">/);
    expect(withoutSendKey(start + rest)).toBe(withoutSendKey(whole));
  });

  it('announces in its head the words of its own language, which hydration waits for, and no other', async () => {
    const scripts = ['fr', 'de', 'en'].map(
      (language) => `https://scan.example/static/js/async/lang-${language}.0a1b.js`,
    );
    const start = (acceptLanguage: string) =>
      server.documentStart?.({
        request: new Request('https://medaille.example/MDL-DEMO-REX', {
          headers: { 'accept-language': acceptLanguage },
        }),
        params: { code: 'MDL-DEMO-REX' },
        document: { ...DOCUMENT, scripts: [...scripts, 'https://scan.example/static/js/async/dialogs-de.0a1b.js'] },
        config: input().config,
      }) ?? '';
    const announced = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="script" href="([^"]*)">/g)].map((m) => m[1]);
    expect(announced(start('de-DE,de;q=0.9'))).toEqual([scripts[1]]);
    expect(announced(start('fr-FR'))).toEqual([scripts[0]]);
    // A language the page does not speak is read in French.
    expect(announced(start('ja-JP'))).toEqual([scripts[0]]);
  });

  it('draws the message form with a key of its own for each finder, even on a page rendered for another', async () => {
    const at = new Date(Date.parse('2026-11-24T08:00:00.000Z')).toISOString();
    const keys = [
      (await renderScanPage(input({ renderedAt: at }))).html,
      (await renderScanPage(input({ renderedAt: at }))).html,
    ].map(sendKeyOf);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{8}-/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('renders a page once for the finders who open it within seconds of each other, never with another profile', async () => {
    const at = Date.parse('2026-11-24T09:00:00.000Z');
    const first = await renderScanPage(input({ renderedAt: new Date(at).toISOString() }));
    // A second later: the same page, its ages still counted from the first render (its data says when).
    const again = await renderScanPage(input({ renderedAt: new Date(at + 1_000).toISOString() }));
    expect(withoutSendKey(again.document)).toBe(withoutSendKey(first.document));
    expect(again.hydration.renderedAt).toBe('2026-11-24T09:00:00.000Z');
    // Another answer (the owner changed the profile), another language, or a message form: rendered anew.
    const lost = await renderScanPage(
      input({ renderedAt: new Date(at + 1_000).toISOString(), answer: { ...REX, is_lost: true } }),
    );
    expect(lost.html).toContain('Animal signalé comme perdu');
    const english = await renderScanPage(
      input({ renderedAt: new Date(at + 1_000).toISOString(), acceptLanguage: 'en' }),
    );
    expect(english.lang).toBe('en');
    // After a few seconds, the time of its own render.
    const later = await renderScanPage(input({ renderedAt: new Date(at + 10_000).toISOString() }));
    expect(later.hydration.renderedAt).toBe('2026-11-24T09:00:10.000Z');
    // A finder who left: the render is refused, even when a page is at hand.
    const gone = new AbortController();
    gone.abort();
    await expect(
      renderScanPage(input({ renderedAt: new Date(at + 10_000).toISOString(), signal: gone.signal })),
    ).rejects.toThrow();
  });
});
