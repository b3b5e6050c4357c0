// Each finder function's body handling over arbitrary input (fast-check, over real HTTP): random JSON,
// malformed bodies and hostile strings get an answer a finder's page can show (2xx, or a 4xx with a code
// and a French message), never a 500.
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: TestStack;
let rex: { code: string; animalId: string };
beforeAll(async () => {
  stack = await startTestStack();
  rex = await stack.activatedAnimal((await stack.signedInOwner('bodies')).client);
});
afterAll(() => stack?.close());

async function post(name: string, body: string, contentType = 'application/json') {
  const response = await fetchFrom(newClientAddress())(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': contentType },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.constantFrom('\u0000', '\u2028', '</script>', "'; drop table animals; --", '%00', '\ud800', 'MDL-DEMO-REX\u0000'),
);
const value = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.object(),
  fc.array(fc.anything()),
);

const bodies = {
  get_public_profile: fc.record({ code: fc.oneof(value, fc.constant('MDL-DEMO-REX')) }, { requiredKeys: [] }),
  post_finder_message: fc.record(
    { code: fc.oneof(value, fc.constant('CODE')), message: value, contact: value, website: value },
    { requiredKeys: [] },
  ),
  'record-scan': fc.record(
    {
      codeId: fc.oneof(value, fc.constant('CODE')),
      animalId: value,
      lat: fc.oneof(value, fc.double({ min: -90, max: 90 })),
      lon: fc.oneof(value, fc.double({ min: -180, max: 180 })),
      accuracy: value,
      userAgent: value,
      consent: fc.oneof(value, fc.constant(true)),
    },
    { requiredKeys: [] },
  ),
};

/** The real code where the generator asked for one, so that deep paths (storing, mailing) are reached too. */
const withCode = (body: Record<string, unknown>) => JSON.stringify(body, (_key, v) => (v === 'CODE' ? rex.code : v));

function expectFinderAnswer(answer: { status: number; text: string }) {
  expect(answer.status).toBeLessThan(500);
  const body = JSON.parse(answer.text) as { code?: unknown; error?: unknown };
  if (answer.status >= 400) {
    expect(typeof body.code).toBe('string');
    expect(typeof body.error).toBe('string');
  }
}

describe.each(Object.entries(bodies))('%s', (name, arbitrary) => {
  it('answers any JSON object without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (body) => expectFinderAnswer(await post(name, withCode(body)))),
      { numRuns: 60 },
    );
  });

  it('answers any body at all, JSON or not, without a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary' }), fc.json()),
        fc.constantFrom('application/json', 'text/plain'),
        async (body, type) => expectFinderAnswer(await post(name, body, type)),
      ),
      { numRuns: 40 },
    );
  });
});
