import { describe, expect, it } from 'vitest';
import {
  animalBookletPath,
  editAnimalPath,
  isOwnerPath,
  PORTAL_ROUTES,
  ROUTES,
  routeParams,
  scanCodeOf,
} from './routes.ts';

/** Every owner path, as a visitor would type it. */
const OWNER_PATHS = PORTAL_ROUTES.map((route) => route.replace(':id', '6f0c1e52-0d6a-4c1b-9b8e-2f1d3c4b5a69'));
const OTHER_PATHS = ['/', '', '/auth', '/MDL-DEMO-REX/extra', '/a/b/c', '//'];
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
