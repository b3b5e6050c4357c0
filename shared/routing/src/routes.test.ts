import { describe, expect, it } from 'vitest';
import {
  animalBookletPath,
  conversationPath,
  editAnimalPath,
  isOwnerPath,
  PORTAL_ROUTES,
  pathOf,
  ROUTES,
  type RouteName,
  routeOf,
  routeParams,
  SITE,
  scanCodeOf,
  stopFinderMailPath,
} from './routes.ts';

/** Every owner path, as a visitor would type it. */
const OWNER_PATHS = PORTAL_ROUTES.map((route) => route.replace(':id', '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69'));
const OTHER_PATHS = ['/', '', '/auth', '/conversation', '/e-mails', '/healthz', '/MDL-DEMO-REX/extra', '/a/b/c', '//'];
const TOKEN = 'a'.repeat(32) + '0123456789abcdef'.repeat(2);

describe("the site's route table", () => {
  it('says which route each of its paths is, with its parameters', () => {
    const samples = { code: 'MDL-DEMO-REX', token: TOKEN, id: '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69' };
    for (const name of Object.keys(SITE) as RouteName[]) {
      const path = SITE[name].path.replace(/:(\w+)/g, (_, param: keyof typeof samples) => samples[param]);
      const params = Object.fromEntries(
        [...SITE[name].path.matchAll(/:(\w+)/g)].map(([, p]) => [p, samples[p as keyof typeof samples]]),
      );
      expect(routeOf(path), path).toEqual({ name, params });
      expect(routeOf(`${path}/`), `${path}/`).toEqual({ name, params });
    }
  });

  it("gives a route's own words to that route, never to a parameter", () => {
    for (const path of ['/activer', '/healthz', '/config.js', '/mon-compte'])
      expect(routeOf(path)?.name, path).not.toBe('scan');
    // The search pages' service worker is a file, never a search's id.
    expect(routeOf('/recherche/sw.js')?.name).toBe('searchWorker');
    for (const path of ['/auth', '/conversation', '/e-mails', '/mon-compte/animal', `/autre/${TOKEN}`, '/a/b/c']) {
      expect(routeOf(path), path).toBeNull();
    }
  });

  it("writes a route's parameters in, each as one segment", () => {
    expect(pathOf('editAnimal', { id: 'a/b c' })).toBe('/mon-compte/animal/a%2Fb%20c');
    expect(routeOf(pathOf('editAnimal', { id: 'a/b c' }))).toEqual({ name: 'editAnimal', params: { id: 'a%2Fb%20c' } });
    expect(conversationPath(TOKEN)).toBe(`/conversation/${TOKEN}`);
    expect(stopFinderMailPath(TOKEN, 'nl')).toBe(`/e-mails/${TOKEN}?lang=nl`);
    expect(routeOf(new URL(stopFinderMailPath(TOKEN, 'nl'), 'https://medaille.example').pathname)).toEqual({
      name: 'stopFinderMail',
      params: { token: TOKEN },
    });
  });
});
/** Codes as they reach the rule: plain, lower case, encoded, badly encoded, with a trailing slash. */
const SCAN_PATHS: [string, string][] = [
  ['/MDL-DEMO-REX', 'MDL-DEMO-REX'],
  ['/MDL-7KQ4-M9XP-3T/', 'MDL-7KQ4-M9XP-3T'],
  ['/mdl-demo-rex', 'mdl-demo-rex'],
  ['/MDL%2DDEMO', 'MDL-DEMO'],
  ['/%E0%A4%A', '%E0%A4%A'],
  ['/activer-', 'activer-'],
  ['/compte', 'compte'],
];

describe('the scan path rule', () => {
  it('gives no code for an owner route or any path that is not one segment', () => {
    for (const path of [...OWNER_PATHS, ...OTHER_PATHS]) expect(scanCodeOf(path), path).toBeNull();
  });

  it('gives the decoded code of a one-segment path', () => {
    for (const [path, code] of SCAN_PATHS) expect(scanCodeOf(path), path).toBe(code);
  });

  it('builds edit paths that the portal route matches', () => {
    expect(editAnimalPath('abc')).toBe('/mon-compte/animal/abc');
    expect(scanCodeOf(editAnimalPath('abc'))).toBeNull();
  });

  it('builds booklet paths under the owner routes', () => {
    expect(animalBookletPath('abc')).toBe('/mon-compte/animal/abc/carnet');
    expect(scanCodeOf(animalBookletPath('abc'))).toBeNull();
  });
});

describe('the owner path rule', () => {
  it('holds for every owner route, and for no scan page, the landing page or another path', () => {
    for (const path of OWNER_PATHS) expect(isOwnerPath(path), path).toBe(true);
    for (const path of ['/', '', '/MDL-DEMO-REX', '/activer-', '/compte', '/mon-comptes/x', '/a/mon-compte']) {
      expect(isOwnerPath(path), path).toBe(false);
    }
  });
});

describe("a route's parameters, read on the server", () => {
  it('are those of a path of the route, as written, trailing slash or not', () => {
    expect(routeParams(ROUTES.editAnimal, '/mon-compte/animal/abc-1')).toEqual({ id: 'abc-1' });
    expect(routeParams(ROUTES.editAnimal, '/mon-compte/animal/a%20b/')).toEqual({ id: 'a%20b' });
    expect(routeParams(ROUTES.account, '/mon-compte')).toEqual({});
  });

  it('are none for a path of another route or of none', () => {
    for (const path of ['/mon-compte', '/mon-compte/animal/abc/carnet', '/mon-compte/chat/abc', '/', '/MDL-DEMO-REX']) {
      expect(routeParams(ROUTES.editAnimal, path), path).toBeNull();
    }
    expect(routeParams(ROUTES.account, '/mon-compte/animal/abc')).toBeNull();
  });
});
