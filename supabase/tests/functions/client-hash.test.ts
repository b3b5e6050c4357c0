// An owner must not find a finder's address: the hash that stands for a finder's address in scan_events and profile_views
// (rate limits, one opening per visit) must give no address back. It was SHA-256 of the public SUPABASE_URL and
// the address, and an owner who read it over REST found the finder's address by hashing candidates (4.6 s).
// Now it is an HMAC keyed with a secret that is never public, rotated each UTC day, and owners cannot read it.

import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newClientAddress, newTestDatabase, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientHash } from '../../functions/_shared/client.ts';
import type { FunctionEnv } from '../../functions/_shared/env.ts';
import { invoke } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('hashes');
});
afterAll(() => stack?.close());

const DAY_MS = 24 * 3600 * 1000;
const position = (animal: { code: string; animalId: string }) => ({
  codeId: animal.code,
  animalId: animal.animalId,
  lat: 45.764,
  lon: 4.8357,
  consent: true,
});

/** The hashes stored for an animal's rows, read as the service role (owners cannot read them). */
async function storedHashes(table: 'scan_events' | 'profile_views', animalId: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ client_hash: string }>(
    `select client_hash from public.${table} where animal_id = $1 order by created_at`,
    [animalId],
  );
  return rows.map((row) => row.client_hash);
}

/**
 * The attack of the report: every address of the finder's /16 (65,536 candidates, the finder's among them),
 * hashed as the functions did (SHA-256 of `${SUPABASE_URL}|${address}`), and the other ways a public value could
 * have keyed it. Answers the candidate whose hash is `stolen`, or null.
 */
function recoverAddress(stolen: string, finder: string): string | null {
  const [a, b] = finder.split('.');
  const publicKeys = [stack.url, `${stack.url}/`, stack.anonKey];
  for (let c = 0; c < 256; c += 1) {
    for (let d = 0; d < 256; d += 1) {
      const candidate = `${a}.${b}.${c}.${d}`;
      const guesses = [
        createHash('sha256').update(candidate).digest('hex'),
        ...publicKeys.flatMap((key) => [
          createHash('sha256').update(`${key}|${candidate}`).digest('hex'),
          createHmac('sha256', key).update(candidate).digest('hex'),
        ]),
      ];
      if (guesses.includes(stolen)) return candidate;
    }
  }
  return null;
}

describe("a finder's address", () => {
  it('cannot be recovered from the hash stored with a shared position, by trying every candidate address', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Piste' });
    const finder = newClientAddress();
    expect((await invoke(stack, 'record-scan', position(animal), finder)).status).toBe(200);
    const [stolen] = await storedHashes('scan_events', animal.animalId);
    expect(stolen).toMatch(/^[0-9a-f]{64}$/);
    expect(recoverAddress(stolen as string, finder)).toBeNull();
  });

  it('cannot be recovered from the hash stored with an opening of a lost animal’s page', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Égarée' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', animal.animalId);
    const finder = newClientAddress();
    expect((await invoke(stack, 'get_public_profile', { code: animal.code }, finder)).status).toBe(200);
    const [stolen] = await storedHashes('profile_views', animal.animalId);
    expect(stolen).toMatch(/^[0-9a-f]{64}$/);
    expect(recoverAddress(stolen as string, finder)).toBeNull();
  });

  it('gives unlinkable hashes on two UTC days, and one hash within a day, so that limits still count', async () => {
    const animal = await stack.activatedAnimal(owner.client, { nom: 'Deux jours' });
    const finder = newClientAddress();
    expect((await invoke(stack, 'record-scan', position(animal), finder)).status).toBe(200);
    // Noon of the next UTC day, on the clock the stack's functions read (they run in this process).
    const tomorrowNoon = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS + 12 * 3600 * 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: tomorrowNoon });
    try {
      // Another day, another hash: not under the position's 2-minute cooldown of yesterday's.
      expect((await invoke(stack, 'record-scan', position(animal), finder)).status).toBe(200);
      vi.setSystemTime(tomorrowNoon + 60_000);
      // The same day, the same hash: the cooldown holds.
      expect((await invoke(stack, 'record-scan', position(animal), finder)).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
    const [today, tomorrow] = await storedHashes('scan_events', animal.animalId);
    expect(today).toMatch(/^[0-9a-f]{64}$/);
    expect(tomorrow).toMatch(/^[0-9a-f]{64}$/);
    expect(tomorrow).not.toBe(today);
  });
});

describe('clientHash', () => {
  const from = (address: string) => new Request('http://functions.test/', { headers: { 'cf-connecting-ip': address } });
  const env = (more: Partial<FunctionEnv> = {}): FunctionEnv => ({
    SUPABASE_URL: 'https://projet.supabase.co',
    SUPABASE_SERVICE_ROLE_KEY: 'service',
    ...more,
  });
  const SECRET = 'un-secret-de-32-caracteres-au-moins-0123456789';
  const noon = Date.UTC(2026, 10, 25, 12);

  it('is keyed by CLIENT_HASH_SECRET, or by the older name CLIENT_HASH_SALT, and by nothing public', async () => {
    const keyed = await clientHash(from('127.0.0.9'), env({ CLIENT_HASH_SECRET: SECRET }), noon);
    expect(await clientHash(from('127.0.0.9'), env({ CLIENT_HASH_SALT: SECRET }), noon)).toBe(keyed);
    expect(await clientHash(from('127.0.0.9'), env({ CLIENT_HASH_SECRET: `${SECRET}!` }), noon)).not.toBe(keyed);
    expect(
      await clientHash(
        from('127.0.0.9'),
        env({ SUPABASE_URL: 'https://autre.supabase.co', CLIENT_HASH_SECRET: SECRET }),
        noon,
      ),
    ).toBe(keyed);
  });

  it('without cf-connecting-ip, is one shared hash whatever else the request says, and no address gives it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const secret = env({ CLIENT_HASH_SECRET: SECRET });
      const posing = (address: string) =>
        new Request('http://functions.test/', {
          headers: {
            'x-forwarded-for': address,
            'x-real-ip': address,
            'true-client-ip': address,
            forwarded: `for=${address}`,
          },
        });
      const shared = await clientHash(new Request('http://functions.test/'), secret, noon);
      expect(await clientHash(posing('192.0.2.1'), secret, noon)).toBe(shared);
      expect(await clientHash(posing('192.0.2.2'), secret, noon)).toBe(shared);
      expect(await clientHash(from('192.0.2.1'), secret, noon)).not.toBe(shared);
    } finally {
      warn.mockRestore();
    }
  });

  it('changes at midnight UTC, and not before', async () => {
    const secret = env({ CLIENT_HASH_SECRET: SECRET });
    const lastMinute = Date.UTC(2026, 10, 25, 23, 59, 59, 999);
    const morning = await clientHash(from('127.0.0.9'), secret, Date.UTC(2026, 10, 25));
    expect(await clientHash(from('127.0.0.9'), secret, lastMinute)).toBe(morning);
    expect(await clientHash(from('127.0.0.9'), secret, lastMinute + 1)).not.toBe(morning);
  });

  it("without a secret, is keyed by the service role's key, which every instance of the project shares", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const serviceKey = 'eyJ-une-cle-de-service-secrete-du-projet-0123456789';
      const hash = await clientHash(from('127.0.0.9'), env({ SUPABASE_SERVICE_ROLE_KEY: serviceKey }), noon);
      expect(await clientHash(from('127.0.0.9'), env({ SUPABASE_SERVICE_ROLE_KEY: serviceKey }), noon)).toBe(hash);
      const otherProject = env({ SUPABASE_SERVICE_ROLE_KEY: `${serviceKey}-autre` });
      expect(await clientHash(from('127.0.0.9'), otherProject, noon)).not.toBe(hash);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('without a secret, or with a short one, uses a random key of its process (logged), never the project URL', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const unsafe of [env(), env({ CLIENT_HASH_SECRET: '' }), env({ CLIENT_HASH_SALT: 'court' })]) {
        const hash = await clientHash(from('127.0.0.9'), unsafe, noon);
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        expect(hash).not.toBe(createHash('sha256').update('https://projet.supabase.co|127.0.0.9').digest('hex'));
        // One key for the process: the limits still count within it.
        expect(await clientHash(from('127.0.0.9'), env(), noon)).toBe(hash);
      }
      expect(warn.mock.calls.join('\n')).toMatch(/CLIENT_HASH_SECRET/);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the local stack's CLIENT_HASH_SECRET", () => {
  it('is drawn at the first start and kept in the data directory: a finder under cooldown stays so after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'medaille-hashes-'));
    // One database for both starts, as a restart has.
    const database = await newTestDatabase(dataDir);
    try {
      const first = await startTestStack({ dataDir, database });
      const finder = newClientAddress();
      let animal: { code: string; animalId: string };
      try {
        expect(first.clientHashSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // Another data directory, another secret; and no other user of the machine reads it.
        expect(first.clientHashSecret).not.toBe(stack.clientHashSecret);
        expect((await stat(join(dataDir, 'client-hash-secret'))).mode & 0o077).toBe(0);
        const someone = await first.signedInOwner('restart');
        animal = await first.activatedAnimal(someone.client, { nom: 'Redémarrage' });
        expect((await invoke(first, 'record-scan', position(animal), finder)).status).toBe(200);
      } finally {
        await first.close();
      }
      const second = await startTestStack({ dataDir, database });
      try {
        expect(second.clientHashSecret).toBe(first.clientHashSecret);
        expect((await invoke(second, 'record-scan', position(animal), finder)).status).toBe(429);
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is FUNCTION_CLIENT_HASH_SECRET when that is set, as for every variable of the functions', async () => {
    const chosen = await startTestStack({
      functionEnv: { CLIENT_HASH_SECRET: 'choisi-choisi-choisi-choisi-choisi-32' },
    });
    try {
      expect(chosen.clientHashSecret).toBe('choisi-choisi-choisi-choisi-choisi-32');
    } finally {
      await chosen.close();
    }
  });
});
