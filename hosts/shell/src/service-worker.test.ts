// The portal's service worker (public/mon-compte/sw.js) and the search pages' (public/recherche/sw.js) as the
// browser runs them, event by event: what each shows for a push, and which page a click opens. Run here in a scope of Node's own (node:vm) with the browser's few calls it
// makes answered by the test: no headless browser can click a system notification (e2e/tests/push.spec.ts shows
// the rest in Chromium).
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const SOURCES = {
  portal: readFileSync(new URL('../public/mon-compte/sw.js', import.meta.url), 'utf8'),
  search: readFileSync(new URL('../public/recherche/sw.js', import.meta.url), 'utf8'),
};
const SITE = 'https://medaille.test';

type Handler = (event: Record<string, unknown>) => void;

/** The worker started in a scope of its own; `windows`: the site's open tabs, by URL. */
function worker(windows: string[] = [], which: keyof typeof SOURCES = 'portal') {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const self = {
    location: { origin: SITE },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows.map((url) => ({ url, focus: async () => focused.push(url) })),
      openWindow: async (url: string) => opened.push(url),
    },
  };
  runInNewContext(SOURCES[which], { self, URL });
  /** Dispatches an event and waits for what it asked to wait for. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...fields, waitUntil: (work: Promise<unknown>) => waits.push(work) });
    await Promise.all(waits);
  };
  const push = (payload: unknown) =>
    dispatch('push', { data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) } });
  const click = (data: unknown) => {
    const notification = { data, closed: false, close: () => (notification.closed = true) };
    return dispatch('notificationclick', { notification }).then(() => notification.closed);
  };
  return { shown, opened, focused, push, click };
}

describe('the portal’s service worker', () => {
  it('shows a pushed alert with its words, its tag and the page it is about', async () => {
    const sw = worker();
    await sw.push({
      title: 'Message au sujet de Rex',
      body: 'Quelqu’un vous a écrit.',
      url: '/mon-compte/animal/a1/historique',
      tag: 'message-a1',
    });
    expect(sw.shown).toEqual([
      {
        title: 'Message au sujet de Rex',
        options: {
          body: 'Quelqu’un vous a écrit.',
          lang: 'fr',
          icon: '/mon-compte/icon-192.png',
          tag: 'message-a1',
          renotify: true,
          data: { url: '/mon-compte/animal/a1/historique' },
        },
      },
    ]);
  });

  it('shows something still for a push it cannot read, which leads to the account page', async () => {
    const sw = worker();
    await sw.push('"not an alert"');
    expect(sw.shown[0]).toMatchObject({ title: 'Médaille', options: { body: '', data: { url: '/mon-compte' } } });
  });

  it('opens the portal page an alert is about, or focuses the tab already on it', async () => {
    const fresh = worker();
    expect(await fresh.click({ url: '/mon-compte/animal/a1/historique' })).toBe(true);
    expect(fresh.opened).toEqual([`${SITE}/mon-compte/animal/a1/historique`]);

    const open = worker([`${SITE}/mon-compte/animal/a1/historique`]);
    await open.click({ url: '/mon-compte/animal/a1/historique' });
    expect({ opened: open.opened, focused: open.focused }).toEqual({
      opened: [],
      focused: [`${SITE}/mon-compte/animal/a1/historique`],
    });
  });

  it('never leads elsewhere than the portal on this site, whatever a push says', async () => {
    for (const url of [
      'https://evil.example/mon-compte',
      '//evil.example/mon-compte',
      '/mon-compteX',
      '/conversation/abc',
      '/mon-compte/../admin',
      'javascript:alert(1)',
      42,
    ]) {
      const sw = worker();
      await sw.push({ title: 'x', url });
      await sw.click(sw.shown[0]?.options.data);
      expect({ url, opened: sw.opened }).toEqual({ url, opened: [`${SITE}/mon-compte`] });
    }
  });
});

describe('the search pages’ service worker', () => {
  it('shows a followed search’s news, and a click opens that search page, nothing else of the site', async () => {
    const sw = worker([], 'search');
    await sw.push({
      title: 'Retrouvé !',
      body: 'Caramel est rentré à la maison, merci !',
      url: '/recherche/s1',
      tag: 'search-s1',
    });
    expect(sw.shown).toEqual([
      {
        title: 'Retrouvé !',
        options: expect.objectContaining({
          body: 'Caramel est rentré à la maison, merci !',
          tag: 'search-s1',
          data: { url: '/recherche/s1' },
        }),
      },
    ]);
    expect(await sw.click({ url: '/recherche/s1' })).toBe(true);
    expect(sw.opened).toEqual([`${SITE}/recherche/s1`]);
    for (const url of ['/mon-compte', 'https://ailleurs.example/recherche/s1', '/recherche/', 42]) {
      const other = worker([], 'search');
      await other.click({ url });
      expect(other.opened, String(url)).toEqual([]);
    }
  });

  it('focuses the search page already open rather than opening it again', async () => {
    const sw = worker([`${SITE}/recherche/s1?lang=en#suivre`], 'search');
    await sw.click({ url: '/recherche/s1' });
    expect(sw.focused).toEqual([`${SITE}/recherche/s1?lang=en#suivre`]);
    expect(sw.opened).toEqual([]);
  });
});
