// delete-animal (docs/decisions/0010-multi-step-writes-on-server.md): an owner deletes an animal with all its
// photos in one server call; the database decides whose animal it is. Over HTTP with supabase-js, as the portal calls
// it.
import { randomUUID } from 'node:crypto';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import deleteAnimal from '../../functions/delete-animal/handler.ts';
import { refusedBearers } from '../security/support.ts';

import { age, answerOf, listed, storedOf, storePhoto } from '../support/photos.ts';

type Owner = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;
let owner: Owner;
let stranger: Owner;

beforeAll(async () => {
  // This file's own sweeps only: the stack's timer would sweep at a moment of its choosing.
  stack = await startTestStack({ photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
  [owner, stranger] = await Promise.all([stack.signedInOwner('delete'), stack.signedInOwner('delete-other')]);
});
afterAll(() => stack?.close());

/** An animal of `who` with what the portal stores: two photos with rows, one upload without, the single photo. */
async function animalWithFiles(who: Owner) {
  const { animalId, code } = await stack.activatedAnimal(who.client, { nom: 'Filou' });
  const files = [
    await storePhoto(who.client, `${animalId}/a.jpg`, { animalId }),
    await storePhoto(who.client, `${animalId}/b.jpg`, { animalId }),
    await storePhoto(who.client, `${animalId}/upload-without-its-row.jpg`),
    await storePhoto(who.client, `${who.userId}/${animalId}.jpg`),
  ];
  return { animalId, code, files };
}

const invokeAs = (client: Owner['client'], body: unknown) =>
  answerOf(client.functions.invoke('delete-animal', { body: body as Record<string, unknown> }));

async function animalRow(animalId: string) {
  const { data } = await stack.serviceClient().from('animals').select('id').eq('id', animalId).maybeSingle();
  return data;
}

/** A request as a browser sends it, with whatever credentials the test gives. */
const post = (headers: Record<string, string>, body = '{}') =>
  fetchFrom(newClientAddress())(`${stack.url}/functions/v1/delete-animal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

describe('delete-animal', () => {
  it('deletes the owner’s animal with its photo rows and every file, and keeps its medal used', async () => {
    const { animalId, code, files } = await animalWithFiles(owner);
    const { animalId: kept, files: keptFiles } = await animalWithFiles(owner);

    expect(await invokeAs(owner.client, { animal_id: animalId })).toEqual({ status: 200, body: { deleted: true } });

    expect(await animalRow(animalId)).toBeNull();
    const service = stack.serviceClient();
    expect((await service.from('animal_photos').select('id').eq('animal_id', animalId)).data).toEqual([]);
    expect((await service.from('codes').select('used, animal_id').eq('id', code).single()).data).toEqual({
      used: true,
      animal_id: null,
    });
    expect(await storedOf(stack, files)).toEqual([]);
    expect(await listed(stack, animalId)).toEqual([]);
    expect(await listed(stack, owner.userId)).not.toContain(`${owner.userId}/${animalId}.jpg`);
    // The owner's other animal keeps everything.
    expect(await animalRow(kept)).toEqual({ id: kept });
    expect(await storedOf(stack, keptFiles)).toEqual([...keptFiles].sort());
  });

  it('finds no animal of another owner’s, nor an unknown one: 404, and nothing is deleted', async () => {
    const { animalId, files } = await animalWithFiles(owner);
    for (const id of [animalId, randomUUID()]) {
      expect(await invokeAs(stranger.client, { animal_id: id })).toEqual({
        status: 404,
        body: { code: 'not_found', error: 'Animal introuvable.' },
      });
    }
    expect(await animalRow(animalId)).toEqual({ id: animalId });
    expect(await storedOf(stack, files)).toEqual([...files].sort());
  });

  it('deletes nothing for a caller who is not a signed-in owner', async () => {
    const { animalId, files } = await animalWithFiles(owner);
    const body = JSON.stringify({ animal_id: animalId });
    const bearers = await refusedBearers(stack, owner.userId);
    // No gateway JWT check runs (verify_jwt = false): PostgREST verifies the token the function passes on.
    const refused = async (authorization?: string) => {
      const answer = await post({ apikey: stack.frontEndKey, ...(authorization ? { authorization } : {}) }, body);
      return { status: answer.status, body: await answer.json() };
    };
    const unauthenticated = {
      status: 401,
      body: { code: 'unauthenticated', error: 'Session expirée. Reconnectez-vous pour continuer.' },
    };
    expect({
      // The publishable (or anon) key alone: the database sees no user.
      anon: await invokeAs(stack.client(), { animal_id: animalId }),
      // A server key is no owner: delete_animal is for signed-in owners only.
      service: await invokeAs(stack.serviceClient(), { animal_id: animalId }),
      noToken: await refused(),
      forged: await refused(bearers.forged),
      forgedEs256: await refused(bearers.forgedEs256),
      expired: await refused(bearers.expired),
      garbage: await refused('Bearer not.a.jwt'),
    }).toEqual({
      anon: unauthenticated,
      service: {
        status: 403,
        body: { code: 'forbidden', error: "Vous n'avez pas le droit de faire cette opération." },
      },
      noToken: unauthenticated,
      forged: unauthenticated,
      forgedEs256: unauthenticated,
      expired: unauthenticated,
      garbage: unauthenticated,
    });
    expect(await animalRow(animalId)).toEqual({ id: animalId });
    expect(await storedOf(stack, files)).toEqual([...files].sort());
    // The same claims signed with the project's secret are the owner's own token: it deletes.
    const genuine = await post({ apikey: stack.anonKey, authorization: bearers.genuine }, body);
    expect(genuine.status).toBe(200);
  });

  it.each([
    ['a body that is not JSON', 'supprime-le', 'invalid_request', 'Requête invalide.'],
    ['a JSON array', '[]', 'invalid_request', 'Requête invalide.'],
    ['no animal_id', '{}', 'invalid_animal_id', "L'identifiant de l'animal est invalide."],
    ['a number', '{"animal_id": 42}', 'invalid_animal_id', "L'identifiant de l'animal est invalide."],
    ['not a uuid', '{"animal_id": "MDL-DEMO-REX"}', 'invalid_animal_id', "L'identifiant de l'animal est invalide."],
    [
      'a uuid and more',
      `{"animal_id": "${randomUUID()}' or true --"}`,
      'invalid_animal_id',
      "L'identifiant de l'animal est invalide.",
    ],
  ])('answers %s with a 400 the portal can show', async (_, body, code, error) => {
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const response = await post({ apikey: stack.anonKey, authorization: `Bearer ${token}` }, body);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { code, error } });
  });

  it('answers any body with a 4xx that has a code and a French message, never a 500', async () => {
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.uuid(), fc.anything());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.record({ animal_id: value }, { requiredKeys: [] }), fc.jsonValue()),
        async (payload) => {
          const response = await post(
            { apikey: stack.anonKey, authorization: `Bearer ${token}` },
            JSON.stringify(payload) ?? 'undefined',
          );
          const answer = (await response.json()) as { code?: unknown; error?: unknown; deleted?: unknown };
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) expect([typeof answer.code, typeof answer.error]).toEqual(['string', 'string']);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('answers 200 when the files cannot be removed: the row is gone, the files wait for the sweep', async () => {
    const { animalId, files } = await animalWithFiles(owner);
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Storage refuses a key that is not the project's: the removal fails after the row is deleted.
      const response = await deleteAnimal(
        new Request(`${stack.url}/functions/v1/delete-animal`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ animal_id: animalId }),
        }),
        { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey, SUPABASE_SERVICE_ROLE_KEY: 'not-the-key' },
      );
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 200,
        body: { deleted: true },
      });
      expect(String(logged.mock.calls[0]?.[0])).toContain(`animal ${animalId} deleted, 4 files left for sweep-photos`);
    } finally {
      logged.mockRestore();
    }
    expect(await animalRow(animalId)).toBeNull();
    expect(await storedOf(stack, files)).toEqual([...files].sort());
    await sweepsThem(files);
  });

  it('leaves nothing behind when the function dies between the row and the files: the sweep removes them', async () => {
    const { animalId, files } = await animalWithFiles(owner);
    // What the function does up to its death: the RPC with the owner's token, and no file removed.
    const { data, error } = await owner.client.rpc('delete_animal', { p_animal_id: animalId });
    expect(error).toBeNull();
    expect(data).toEqual([...files].sort());
    expect(await animalRow(animalId)).toBeNull();
    await sweepsThem(files);
  });
});

/** The files are still stored, the sweep leaves them while they are recent, then removes them once aged. */
async function sweepsThem(files: string[]) {
  const sweep = () => answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));
  expect((await sweep()).status).toBe(200);
  expect(await storedOf(stack, files)).toEqual([...files].sort());
  await age(stack, files);
  expect((await sweep()).status).toBe(200);
  expect(await storedOf(stack, files)).toEqual([]);
}

describe('delete-animal and the household', () => {
  /** Someone who accepted `owner`'s invitation to the animal, as the invitation page accepts it. */
  async function joined(animalId: string, role: 'co_owner' | 'keeper', lastDay: string | null = null) {
    const person = await stack.signedInOwner(role);
    const { data: invited } = await owner.client.rpc('invite_animal_member', {
      p_animal_id: animalId,
      p_email: person.email,
      p_role: role,
      p_access_until: lastDay,
    });
    const { data } = await person.client.rpc('accept_animal_invitation', { p_token: invited?.token });
    expect(data).toMatchObject({ success: true });
    return person;
  }

  it('tells each member who loses the animal by e-mail, not a keeper whose last day has passed, nor the owner', async () => {
    const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
    const coOwner = await joined(animalId, 'co_owner');
    const keeper = await joined(animalId, 'keeper', '2099-08-31');
    const pastKeeper = await joined(animalId, 'keeper', '2099-08-31');
    await stack.db.query(
      'update public.animal_members set access_until = current_date - 2 where animal_id = $1 and user_id = $2',
      [animalId, pastKeeper.userId],
    );

    expect(await invokeAs(owner.client, { animal_id: animalId })).toEqual({ status: 200, body: { deleted: true } });
    const subject = 'Le profil de Filou a été supprimé';
    for (const member of [coOwner, keeper]) {
      await expect.poll(async () => (await stack.mails(member.email, subject)).length).toBe(1);
      const [mail] = await stack.mails(member.email, subject);
      expect(mail?.text).toContain(
        `${owner.email} a supprimé le profil de Filou sur Médaille : vous ne faites plus partie de son foyer`,
      );
    }
    expect(await stack.mails(pastKeeper.email, subject)).toEqual([]);
    expect(await stack.mails(owner.email, subject)).toEqual([]);
  });

  it('tells nobody when a co-owner’s deletion is refused', async () => {
    const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Moka' });
    const coOwner = await joined(animalId, 'co_owner');
    expect((await invokeAs(coOwner.client, { animal_id: animalId })).status).toBe(403);
    expect(await stack.mails(owner.email, 'Le profil de Moka a été supprimé')).toEqual([]);
    expect(await animalRow(animalId)).toEqual({ id: animalId });
  });
});
