// The finder's address vouched for by the shell's host (docs/decisions/0009-client-identity-from-gateway.md
// and docs/decisions/0012-scan-page-server-rendered.md): the host calls the finders' functions server-side from one
// address, and signs each finder's address in `x-medaille-finder`. Through the real local stack: the signed address is
// the client, a header a client could make (forged, expired, garbage) changes nothing, and without the secret the
// header is ignored.

import { FINDER_IDENTITY_HEADER, signFinderIdentity } from '@medaille/domain';
import { loadConfig } from '@medaille/local-stack';
import { newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import postFinderMessage from '../../functions/post_finder_message/handler.ts';
import recordScan from '../../functions/record-scan/handler.ts';
import { invoke } from '../support/finder.ts';

const PROFILE_LIMIT = 3;
const MESSAGE_LIMIT = 2;
const limits = {
  PROFILE_RATE_LIMIT_PER_MINUTE: String(PROFILE_LIMIT),
  // A known medal's openings have their own limit: the same here, so that every look-up counts alike.
  PROFILE_OPENINGS_PER_MINUTE: String(PROFILE_LIMIT),
  MESSAGE_RATE_LIMIT_PER_HOUR: String(MESSAGE_LIMIT),
};

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ functionEnv: limits });
});
afterAll(() => stack?.close());

const now = () => Date.now() / 1000;

/** The header the host sends for a finder at `finder`, signed with `secret` (the stack's unless told) `age` s ago. */
const vouchedFor = async (finder: string, { secret = stack.finderIdentitySecret, age = 0 } = {}) => ({
  [FINDER_IDENTITY_HEADER]: await signFinderIdentity(secret, finder, now() - age),
});

/** The statuses of `count` profile look-ups of the demo medal sent from `from`, each with the headers `headersOf(i)` give. */
async function lookUps(
  from: string,
  count: number,
  headersOf: (i: number) => Promise<Record<string, string>> | Record<string, string> = () => ({}),
  on = stack,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    statuses.push((await invoke(on, 'get_public_profile', { code: 'MDL-DEMO-REX' }, from, await headersOf(i))).status);
  }
  return statuses;
}
const allowed = (count: number) => Array<number>(count).fill(200);

describe("the host's signed finder address", () => {
  it('gives each finder its own profile look-ups, though every request comes from the host', async () => {
    const host = newClientAddress();
    // An IPv6 finder too, new at each run: buckets outlive a stack on a shared PostgreSQL.
    const [finder, other] = [newClientAddress(), `2001:db8::${crypto.randomUUID().slice(0, 4)}:1`];
    expect(await lookUps(host, PROFILE_LIMIT + 1, () => vouchedFor(finder))).toEqual([...allowed(PROFILE_LIMIT), 429]);
    expect(await lookUps(host, PROFILE_LIMIT + 1, () => vouchedFor(other))).toEqual([...allowed(PROFILE_LIMIT), 429]);
    // The host's own address has spent nothing, and the finder is the same client when their browser asks itself.
    expect(await lookUps(host, 1)).toEqual([200]);
    expect(await lookUps(finder, 1)).toEqual([429]);
  });

  it('gives each finder its own messages, though every message comes from the host', async () => {
    const rex = await stack.activatedAnimal((await stack.signedInOwner('identity')).client);
    const host = newClientAddress();
    const send = async (finder: string) =>
      (
        await invoke(
          stack,
          'post_finder_message',
          { code: rex.code, message: 'Vu au parc' },
          host,
          await vouchedFor(finder),
        )
      ).status;
    const [finder, other] = [newClientAddress(), newClientAddress()];
    const statuses = [];
    for (let i = 0; i <= MESSAGE_LIMIT; i += 1) statuses.push(await send(finder));
    expect(statuses).toEqual([...allowed(MESSAGE_LIMIT), 429]);
    expect(await send(other)).toBe(200);
  });
});

describe('a finder header the host did not sign just now', () => {
  // What a client can send: another secret's signature, the host's own expired one, or any text.
  const notVouched = async (i: number) => {
    const finder = `198.51.100.${i + 1}`;
    const kinds = [
      () => vouchedFor(finder, { secret: 'un-autre-secret-que-celui-des-fonctions-0123456789' }),
      () => vouchedFor(finder, { age: 61 }),
      () => vouchedFor(finder, { age: -30 }),
      () => ({ [FINDER_IDENTITY_HEADER]: finder }),
      () => ({ [FINDER_IDENTITY_HEADER]: `v1.${btoa(finder)}.${Math.floor(now())}.${'A'.repeat(43)}` }),
    ];
    return (kinds[i % kinds.length] as () => Promise<Record<string, string>>)();
  };

  it('gives a client no new identity: its look-ups count on the address it connects from', async () => {
    const client = newClientAddress();
    expect(await lookUps(client, PROFILE_LIMIT + 2, notVouched)).toEqual([...allowed(PROFILE_LIMIT), 429, 429]);
    expect(await lookUps(client, 1)).toEqual([429]);
  });

  it("takes away no one's identity: naming a finder whose look-ups are spent does not stop another client", async () => {
    const spent = newClientAddress();
    await lookUps(spent, PROFILE_LIMIT);
    const forged = await vouchedFor(spent, { secret: 'un-autre-secret-que-celui-des-fonctions-0123456789' });
    const expired = await vouchedFor(spent, { age: 120 });
    expect(await lookUps(newClientAddress(), 2, (i) => (i === 0 ? forged : expired))).toEqual([200, 200]);
  });
});

describe('functions without FINDER_IDENTITY_SECRET', () => {
  let bare: TestStack;
  beforeAll(async () => {
    bare = await startTestStack({ functionEnv: { ...limits, FINDER_IDENTITY_SECRET: '' } });
  });
  afterAll(() => bare?.close());

  it('ignore the header, even signed: every finder the host names counts on the host', async () => {
    expect(bare.finderIdentitySecret).toBe('');
    const host = newClientAddress();
    // Signed with the secret of a stack that has one: these functions have none to check it with.
    const signed = (i: number) => vouchedFor(`192.0.2.${i + 1}`);
    expect(await lookUps(host, PROFILE_LIMIT + 1, signed, bare)).toEqual([...allowed(PROFILE_LIMIT), 429]);
  });
});

describe("the local stack's FINDER_IDENTITY_SECRET", () => {
  it('is FUNCTION_FINDER_IDENTITY_SECRET, as for every variable of the functions', () => {
    expect(loadConfig({ FUNCTION_FINDER_IDENTITY_SECRET: 'choisi' }).functionEnv.FINDER_IDENTITY_SECRET).toBe('choisi');
  });

  it('is drawn at random at each start when that variable is unset (256 bits)', () => {
    expect(stack.finderIdentitySecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('a request that reaches the functions without the address the gateway writes', () => {
  // As when a platform's gateway sets no `cf-connecting-ip`: the handlers are called as such a platform would,
  // with every other header a client can write. A hash key of this run's own, so that the bucket is new.
  const env = () => ({
    ...limits,
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    CLIENT_HASH_SECRET: `une-cle-de-hachage-de-ce-test-${crypto.randomUUID()}`,
    FINDER_IDENTITY_SECRET: stack.finderIdentitySecret,
  });
  const withoutGateway = (name: string, payload: unknown, headers: Record<string, string> = {}) =>
    new Request(`http://functions.invalid/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
    });
  /** Headers a client may write to pose as another finder at each request. */
  const posing = (i: number) => ({
    'x-forwarded-for': `198.51.100.${i}`,
    'x-real-ip': `192.0.2.${i}`,
    'true-client-ip': `203.0.113.${i}`,
    forwarded: `for=192.0.2.${i}`,
    [FINDER_IDENTITY_HEADER]: `192.0.2.${i}`,
  });

  it('serves every such finder from one shared bucket, ten times as large, whatever headers they write', async () => {
    // A new instance of the function, as the platform starts one: its once-per-instance warning not said yet.
    vi.resetModules();
    const { default: getPublicProfile } = await import('../../functions/get_public_profile/handler.ts');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const shared = env();
    const statuses: number[] = [];
    try {
      for (let i = 0; i <= PROFILE_LIMIT * 10; i += 1) {
        const request = withoutGateway('get_public_profile', { code: 'MDL-DEMO-REX' }, posing(i));
        statuses.push((await getPublicProfile(request, shared)).status);
      }
      // Said in the logs once for the instance, not at each request.
      expect(warn.mock.calls.filter((call) => String(call[0]).includes('cf-connecting-ip'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
    expect(statuses).toEqual([...allowed(PROFILE_LIMIT * 10), 429]);
    // A finder the host vouches for keeps a bucket of their own.
    const vouched = withoutGateway(
      'get_public_profile',
      { code: 'MDL-DEMO-REX' },
      await vouchedFor(newClientAddress()),
    );
    expect((await getPublicProfile(vouched, shared)).status).toBe(200);
  });

  it('takes their messages and positions instead of refusing them', async () => {
    const rex = await stack.activatedAnimal((await stack.signedInOwner('sans-adresse')).client);
    const shared = env();
    const message = withoutGateway('post_finder_message', { code: rex.code, message: 'Vu près de la gare' });
    expect((await postFinderMessage(message, shared)).status).toBe(200);
    const position = { codeId: rex.code, animalId: rex.animalId, lat: 45.76, lon: 4.83, consent: true };
    expect((await recordScan(withoutGateway('record-scan', position), shared)).status).toBe(200);
  });
});
