// The shell's built HTML asks for an owner page's files early (build/early-files.ts): run here as the browser
// runs it, in a scope of Node's own (node:vm), with the page's address and local storage the test's.
import { existsSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';
import { describe, expect, it } from 'vitest';

const DIST = new URL('../dist/', import.meta.url);
/** A session whose access token has ended: supabase-js renews it before the page can ask anything. */
const SESSION = JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: 'u' } });
/** One supabase-js uses as stored: good for an hour more. */
const SESSION_AS_STORED = JSON.stringify({
  access_token: 'a',
  refresh_token: 'r',
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: 'u' },
});
/** Pages that are not a scan page: the owner's, and the landing page. */
const OTHER_PAGES = ['/mon-compte', '/mon-compte/animal/6f0c1e52', '/activer', '/auth/login', '/'];
const APP_ONLY = ['/static/js/async/app ', '/static/js/async/app-shared '];

/** The inline script of the built index.html that names the session's key. */
function builtScript(): string {
  const html = readFileSync(new URL('index.html', DIST), 'utf8');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] as string);
  const script = scripts.find((text) => text.includes(JSON.stringify(SESSION_STORAGE_KEY)));
  if (!script) throw new Error('the built index.html has no early files script');
  return script;
}

/** The preloads the script adds to the head of a page at `pathname`, with `stored` as the session. */
function preloadsAdded(pathname: string, stored: string | null) {
  const added: { rel?: string; as?: string; href: string; fetchPriority?: string }[] = [];
  runInNewContext(builtScript(), {
    window: { localStorage: { getItem: (key: string) => (key === SESSION_STORAGE_KEY ? stored : null) } },
    location: { pathname },
    document: {
      createElement: () => ({}),
      head: { appendChild: (link: (typeof added)[number]) => added.push({ ...link }) },
    },
  });
  for (const link of added) {
    expect(link).toMatchObject({ rel: 'preload', as: 'script' });
    expect(existsSync(new URL(`.${link.href}`, DIST)), link.href).toBe(true);
  }
  return added.map(({ href, fetchPriority }) => `${href.replace(/\.[0-9a-f]+\.js$/, '')} ${fetchPriority ?? ''}`);
}

describe("the shell's HTML asks early for what an owner's page runs", () => {
  it("the app's chunks on every page but a scan page; with a session to renew the auth client too, at a low priority", () => {
    for (const path of OTHER_PAGES) {
      expect(preloadsAdded(path, null), path).toEqual(APP_ONLY);
      expect(preloadsAdded(path, SESSION), path).toEqual([
        '/static/js/async/app ',
        '/static/js/async/app-shared ',
        '/static/js/async/supabase-js low',
      ]);
    }
  });

  it('no auth client with a session usable as stored: the page shows before it (decision 0022)', () => {
    for (const path of OTHER_PAGES) expect(preloadsAdded(path, SESSION_AS_STORED), path).toEqual(APP_ONLY);
  });

  it('nothing on a scan page, whatever is stored (a finder)', () => {
    for (const path of ['/MDL-DEMO-REX', '/mdl-demo-rex/']) expect(preloadsAdded(path, SESSION), path).toEqual([]);
  });

  it('no auth client for a session that cannot be renewed, or no session at all', () => {
    for (const stored of [null, 'not json', JSON.stringify({ refresh_token: '', user: {} })]) {
      expect(preloadsAdded('/mon-compte', stored), String(stored)).toEqual(APP_ONLY);
    }
  });
});
