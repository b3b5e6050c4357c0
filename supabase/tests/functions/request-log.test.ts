// Each request to a function leaves one JSON line on the log (http.ts, handle): when, which function, its status
// and duration, and the id the shell's host gave the request, so that the host's line and the functions' can be
// put together. Nothing a finder or an owner wrote, nor where they called from, is written there.
import { fetchFrom, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { invoke, newClientAddress } from '../support/finder.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let stack: TestStack;
let rex: { code: string; animalId: string };

beforeAll(async () => {
  stack = await startTestStack();
  const owner = await stack.signedInOwner('request-log');
  rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
});
afterAll(() => stack?.close());
afterEach(() => vi.restoreAllMocks());

/** Every line written with console.log, console.warn or console.error from now on (still written). */
function watchTheLog() {
  const logged = vi.spyOn(console, 'log');
  const warned = vi.spyOn(console, 'warn');
  const failed = vi.spyOn(console, 'error');
  const lines = (spy: MockInstance<(...args: unknown[]) => void>) =>
    spy.mock.calls.map((args) => args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' '));
  return {
    all: () => [...lines(logged), ...lines(warned), ...lines(failed)],
    /** The functions' request lines, parsed. */
    requests: () =>
      lines(logged)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.service === 'functions'),
  };
}

describe('the request log of the functions', () => {
  it('writes one line per request, with the request id the host passed on', async () => {
    const log = watchTheLog();
    const requestId = crypto.randomUUID();
    const { status } = await invoke(stack, 'get_public_profile', { code: rex.code }, newClientAddress(), {
      'x-request-id': requestId,
    });
    expect(status).toBe(200);
    const lines = log.requests();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      time: expect.any(String),
      service: 'functions',
      route: 'get_public_profile',
      method: 'POST',
      status: 200,
      duration_ms: expect.any(Number),
      request_id: requestId,
    });
    expect(Number.isInteger(lines[0]?.duration_ms)).toBe(true);
    expect(new Date(lines[0]?.time as string).toISOString()).toBe(lines[0]?.time);
  });

  it('gives a request a fresh id when the one it carries is no UUID', async () => {
    const log = watchTheLog();
    const forged = `${crypto.randomUUID()} injected`;
    await invoke(stack, 'get_public_profile', { code: rex.code }, newClientAddress(), { 'x-request-id': forged });
    await invoke(stack, 'get_public_profile', { code: rex.code });
    const ids = log.requests().map((line) => line.request_id);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(log.all().join('\n')).not.toContain('injected');
  });

  it("writes neither the finder's words, nor their address, nor the medal, nor the path after the function", async () => {
    const log = watchTheLog();
    const address = newClientAddress();
    const words = `Trouvé près du lavoir ${crypto.randomUUID()}`;
    const contact = `finder-${crypto.randomUUID()}@example.fr`;
    const { status } = await invoke(stack, 'post_finder_message', { code: rex.code, message: words, contact }, address);
    // A sub-path and a query string, which a function's URL may hold: never written either.
    const secret = crypto.randomUUID().replaceAll('-', '');
    const other = await fetchFrom(address)(`${stack.url}/functions/v1/get_public_profile/${secret}?token=${secret}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: rex.code }),
    });
    await other.text();
    expect(status).toBe(200);
    expect(log.requests().map(({ route, status }) => ({ route, status }))).toEqual([
      { route: 'post_finder_message', status: 200 },
      { route: 'get_public_profile', status: 200 },
    ]);
    const everything = log.all().join('\n');
    for (const kept of [words, contact, address, rex.code, secret]) expect(everything).not.toContain(kept);
  });
});
