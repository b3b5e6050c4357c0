// delete-account (the owner's data rights): an owner deletes their account and everything of it in
// one server call, confirmed by their e-mail address; the database decides whose data goes, with the same
// operation as delete-animal, and GoTrue's admin API deletes the user. Over HTTP with supabase-js, as the
// portal calls it.
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import deleteAccount from '../../functions/delete-account/handler.ts';
import { refusedBearers } from '../security/support.ts';
import { invoke } from '../support/finder.ts';
import { age, answerOf, storedOf, storePhoto } from '../support/photos.ts';

type Owner = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;

beforeAll(async () => {
  // This file's own sweeps only: the stack's timer would sweep at a moment of its choosing.
  stack = await startTestStack({ photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
});
afterAll(() => stack?.close());

/**
 * An owner with what an account holds: two animals (one lost), their photos with rows, an upload without its
 * row, the single photo and a stray file of the user's folder, a finder's message, a shared position and an
 * opening of the lost animal's page (with the rate-limit windows they open).
 */
async function ownerWithEverything(label: string) {
  const owner = await stack.signedInOwner(label);
  const animals = [];
  const files: string[] = [];
  for (const nom of ['Filou', 'Praline']) {
    const { animalId, code } = await stack.activatedAnimal(owner.client, { nom });
    files.push(
      await storePhoto(owner.client, `${animalId}/a.jpg`, { animalId }),
      await storePhoto(owner.client, `${animalId}/upload-without-its-row.jpg`),
      await storePhoto(owner.client, `${owner.userId}/${animalId}.jpg`),
    );
    animals.push({ animalId, code });
  }
  files.push(await storePhoto(owner.client, `${owner.userId}/brouillon.jpg`));
  const [first] = animals as [{ animalId: string; code: string }];
  await owner.client.from('animals').update({ is_lost: true }).eq('id', first.animalId);
  expect((await invoke(stack, 'post_finder_message', { code: first.code, message: 'Il est chez moi' })).status).toBe(
    200,
  );
  // A finder's photo with a message, in the private finder-photos bucket.
  const photo = Buffer.alloc(2048, 0x2a);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).copy(photo);
  const withPhoto = { code: first.code, message: 'Le voici', photo: photo.toString('base64') };
  expect((await invoke(stack, 'post_finder_message', withPhoto)).status).toBe(200);
  const position = { codeId: first.code, animalId: first.animalId, lat: 48.85, lon: 2.35, accuracy: 10, consent: true };
  expect((await invoke(stack, 'record-scan', position)).status).toBe(200);
  expect((await invoke(stack, 'get_public_profile', { code: first.code })).body.status).toBe('claimed');
  return { owner, animals, files, animalIds: animals.map((animal) => animal.animalId) };
}

/** The finders' photos stored for these animals (finder-photos/{animal_id}/...). */
async function finderPhotos(animalIds: string[]) {
  const { rows } = await stack.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'finder-photos' and split_part(name, '/', 1) = any($1)`,
    [animalIds],
  );
  return rows.map((row) => row.name);
}

/** Every row of the account anywhere, counted with the database owner's eyes (no row level security). */
async function rowsOf(userId: string, animalIds: string[]) {
  const count = async (sql: string, params: unknown[]) =>
    Number((await stack.db.query<{ n: string }>(`select count(*)::text as n from ${sql}`, params)).rows[0]?.n);
  return {
    users: await count('auth.users where id = $1', [userId]),
    identities: await count('auth.identities where user_id = $1', [userId]),
    sessions: await count('auth.sessions where user_id = $1', [userId]),
    animals: await count('public.animals where proprietaire_id = $1 or id = any($2)', [userId, animalIds]),
    photos: await count('public.animal_photos where animal_id = any($1)', [animalIds]),
    messages: await count('public.finder_messages where animal_id = any($1)', [animalIds]),
    positions: await count('public.scan_events where animal_id = any($1)', [animalIds]),
    views: await count('public.profile_views where animal_id = any($1)', [animalIds]),
    limits: await count(`public.rate_limit_hits where right(bucket, 37) = any($1)`, [
      [userId, ...animalIds].map((id) => `:${id}`),
    ]),
  };
}

const NONE = {
  users: 0,
  identities: 0,
  sessions: 0,
  animals: 0,
  photos: 0,
  messages: 0,
  positions: 0,
  views: 0,
  limits: 0,
};

const invokeAs = (client: Owner['client'], body: unknown) =>
  answerOf(client.functions.invoke('delete-account', { body: body as Record<string, unknown> }));

const post = (headers: Record<string, string>, body: string) =>
  fetchFrom(newClientAddress())(`${stack.url}/functions/v1/delete-account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const sweep = () => answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));

describe('delete-account', () => {
  it('deletes the account, its animals, rows of every kind and files; retires the medals; leaves the other owner whole', async () => {
    const mine = await ownerWithEverything('rgpd');
    const theirs = await ownerWithEverything('rgpd-other');
    const before = await rowsOf(theirs.owner.userId, theirs.animalIds);
    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toMatchObject({ animals: 2, photos: 2, messages: 2 });
    expect(await finderPhotos(mine.animalIds)).toHaveLength(1);
    const theirFinderPhotos = await finderPhotos(theirs.animalIds);
    expect((await rowsOf(mine.owner.userId, mine.animalIds)).limits).toBeGreaterThan(0);

    // The address as typed, case and spaces aside, is the account's.
    expect(await invokeAs(mine.owner.client, { email: ` ${mine.owner.email.toUpperCase()} ` })).toEqual({
      status: 200,
      body: { deleted: true },
    });

    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toEqual(NONE);
    expect(await storedOf(stack, mine.files)).toEqual([]);
    expect(await finderPhotos(mine.animalIds)).toEqual([]);
    for (const { code } of mine.animals) {
      const { rows } = await stack.db.query('select used, animal_id from public.codes where id = $1', [code]);
      expect(rows).toEqual([{ used: true, animal_id: null }]);
      const profile = await invoke(stack, 'get_public_profile', { code });
      expect(profile.body).toEqual({ status: 'retired', code });
    }
    const signIn = await stack
      .client()
      .auth.signInWithPassword({ email: mine.owner.email, password: mine.owner.password });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });

    expect(await rowsOf(theirs.owner.userId, theirs.animalIds)).toEqual(before);
    expect(await storedOf(stack, theirs.files)).toEqual([...theirs.files].sort());
    expect(await finderPhotos(theirs.animalIds)).toEqual(theirFinderPhotos);
  });

  it('leaves a deleted account’s access token, still valid until it expires, nothing to write: no upload, replacement or removal in its old folder (403), no medal claimed', async () => {
    const gone = await stack.signedInOwner('rgpd-token');
    const { client, userId } = gone;
    expect(await invokeAs(client, { email: gone.email })).toEqual({ status: 200, body: { deleted: true } });
    const photos = client.storage.from('animal-photos');
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });

    const upload = await photos.upload(`${userId}/x.jpg`, jpeg);
    expect(upload.error).toMatchObject({ statusCode: '403' });
    expect(await storedOf(stack, [`${userId}/x.jpg`])).toEqual([]);
    // A file that reached the folder anyway (an upload racing the deletion) is not the old token's either.
    const raced = `${userId}/raced.jpg`;
    await stack.db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ('animal-photos', $1, $2::uuid, $2, '{}')`,
      [raced, userId],
    );
    expect((await photos.update(raced, jpeg)).error).toMatchObject({ statusCode: '403' });
    expect(await photos.remove([raced])).toEqual({ data: [], error: null });
    expect(await storedOf(stack, [raced])).toEqual([raced]);

    // Nor does it claim a medal: the animal would belong to no one (the owner's key refers to auth.users).
    const code = await stack.newCode();
    const claim = await client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'Fantôme' } });
    // PostgREST's 409 for the foreign key the new animal breaks (23503).
    expect({ status: claim.status, code: claim.error?.code }).toEqual({ status: 409, code: '23503' });
    const { rows } = await stack.db.query('select used, animal_id from public.codes where id = $1', [code]);
    expect(rows).toEqual([{ used: false, animal_id: null }]);
  });

  it('refuses another address than the account’s own, so that no token deletes someone else: 400, nothing deleted', async () => {
    const mine = await ownerWithEverything('rgpd-typo');
    const stranger = await stack.signedInOwner('rgpd-stranger');
    const before = await rowsOf(mine.owner.userId, mine.animalIds);
    const refusal = {
      status: 400,
      body: { code: 'email_mismatch', error: "L'adresse e-mail ne correspond pas à votre compte." },
    };
    expect(await invokeAs(mine.owner.client, { email: `x${mine.owner.email}` })).toEqual(refusal);
    expect(await invokeAs(mine.owner.client, {})).toEqual(refusal);
    expect(await invokeAs(mine.owner.client, { email: 42 })).toEqual(refusal);
    // Another owner's token with this owner's address: their own account is the only one it could reach.
    expect(await invokeAs(stranger.client, { email: mine.owner.email })).toEqual(refusal);
    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toEqual(before);
    expect(await rowsOf(stranger.userId, [])).toMatchObject({ users: 1 });
    expect(await storedOf(stack, mine.files)).toEqual([...mine.files].sort());
  });

  it('deletes nothing for a caller who is not a signed-in owner', async () => {
    const mine = await ownerWithEverything('rgpd-anon');
    const before = await rowsOf(mine.owner.userId, mine.animalIds);
    const body = JSON.stringify({ email: mine.owner.email });
    const bearers = await refusedBearers(stack, mine.owner.userId);
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
      anon: await invokeAs(stack.client(), { email: mine.owner.email }),
      service: await invokeAs(stack.serviceClient(), { email: mine.owner.email }),
      noToken: await refused(),
      forged: await refused(bearers.forged),
      forgedEs256: await refused(bearers.forgedEs256),
      expired: await refused(bearers.expired),
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
    });
    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toEqual(before);
  });

  it('answers a body that is not a JSON object with a 400 the portal can show', async () => {
    const owner = await stack.signedInOwner('rgpd-body');
    const token = (await owner.client.auth.getSession()).data.session?.access_token;
    for (const body of ['supprime-moi', '[]', 'null']) {
      const response = await post({ apikey: stack.anonKey, authorization: `Bearer ${token}` }, body);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { code: 'invalid_request', error: 'Requête invalide.' },
      });
    }
    expect(await rowsOf(owner.userId, [])).toMatchObject({ users: 1 });
  });

  it('when Storage and the admin API refuse mid-way: the rows are gone in one piece, a new attempt deletes the user, the sweep the files', async () => {
    const mine = await ownerWithEverything('rgpd-failure');
    const token = (await mine.owner.client.auth.getSession()).data.session?.access_token;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // A key that is not the project's: Storage and GoTrue both refuse it, after the database step.
      const response = await deleteAccount(
        new Request(`${stack.url}/functions/v1/delete-account`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email: mine.owner.email }),
        }),
        { SUPABASE_URL: stack.url, SUPABASE_ANON_KEY: stack.anonKey, SUPABASE_SERVICE_ROLE_KEY: 'not-the-key' },
      );
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 500,
        body: { code: 'internal', error: 'Une erreur est survenue. Veuillez réessayer.' },
      });
      expect(String(logged.mock.calls[0]?.[0])).toContain(
        `account ${mine.owner.userId} deleted, ${mine.files.length} files left for sweep-photos`,
      );
    } finally {
      logged.mockRestore();
    }
    // Nothing half-written: every row went in one transaction; the account is left empty, still signed in.
    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toEqual({
      ...NONE,
      users: 1,
      identities: 1,
      sessions: expect.any(Number),
    });
    expect(await storedOf(stack, mine.files)).toEqual([...mine.files].sort());

    // The owner tries again: the account goes.
    expect(await invokeAs(mine.owner.client, { email: mine.owner.email })).toEqual({
      status: 200,
      body: { deleted: true },
    });
    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toEqual(NONE);
    // The files of the animals' folders, no longer named by any row, wait for the sweep: kept while recent
    // (an upload may be waiting for its row), removed once an hour old.
    expect((await sweep()).status).toBe(200);
    await age(stack, mine.files);
    expect((await sweep()).status).toBe(200);
    expect(await storedOf(stack, mine.files)).toEqual([]);
  });

  it('leaves nothing behind when the function dies right after the database step: the sweep removes the files', async () => {
    const mine = await ownerWithEverything('rgpd-death');
    // What the function does up to its death: the RPC with the owner's token, and nothing after.
    const { data, error } = await mine.owner.client.rpc('delete_my_account_data', { p_email: mine.owner.email });
    expect(error).toBeNull();
    expect(data).toEqual({ user_id: mine.owner.userId, files: expect.any(Array), animal_ids: expect.any(Array) });
    expect([...(data as { animal_ids: string[] }).animal_ids].sort()).toEqual([...mine.animalIds].sort());
    expect([...(data as { files: string[] }).files].sort()).toEqual([...mine.files].sort());
    expect(await rowsOf(mine.owner.userId, mine.animalIds)).toEqual({
      ...NONE,
      users: 1,
      identities: 1,
      sessions: expect.any(Number),
    });
    await age(stack, mine.files);
    expect((await sweep()).status).toBe(200);
    expect(await storedOf(stack, mine.files)).toEqual([]);
    // The finders' photos of animals that are gone are swept at once.
    expect(await finderPhotos(mine.animalIds)).toEqual([]);
  });
});

describe('delete-account and the households it leaves', () => {
  it('tells the members of its animals that they lose them, and the owner of an animal it was a member of', async () => {
    const leaving = await stack.signedInOwner('depart');
    const { animalId: filou } = await stack.activatedAnimal(leaving.client, { nom: 'Filou' });
    const coOwner = await stack.signedInOwner('coproprio');
    const other = await stack.signedInOwner('voisine');
    const { animalId: mimi } = await stack.activatedAnimal(other.client, { nom: 'Mimi' });
    const join = async (inviter: Owner, animalId: string, person: Owner, role: string, lastDay: string | null) => {
      const { data: invited } = await inviter.client.rpc('invite_animal_member', {
        p_animal_id: animalId,
        p_email: person.email,
        p_role: role,
        p_access_until: lastDay,
      });
      const { data } = await person.client.rpc('accept_animal_invitation', { p_token: invited?.token });
      expect(data).toMatchObject({ success: true });
    };
    await join(leaving, filou, coOwner, 'co_owner', null);
    await join(other, mimi, leaving, 'keeper', '2099-08-31');

    expect(await invokeAs(leaving.client, { email: leaving.email })).toEqual({ status: 200, body: { deleted: true } });

    const lost = 'Le profil de Filou a été supprimé';
    await expect.poll(async () => (await stack.mails(coOwner.email, lost)).length).toBe(1);
    expect((await stack.mails(coOwner.email, lost))[0]?.text).toContain(
      `${leaving.email} a supprimé son compte Médaille, et avec lui le profil de Filou : vous ne faites plus partie de son foyer`,
    );
    const left = `${leaving.email} a quitté le foyer de Mimi`;
    await expect.poll(async () => (await stack.mails(other.email, left)).length).toBe(1);
    const [mail] = await stack.mails(other.email, left);
    expect(mail?.text).toContain(
      `${leaving.email} a supprimé son compte Médaille et ne fait plus partie du foyer de Mimi.`,
    );
    expect(mail?.links.some((href) => href.endsWith(`/mon-compte/animal/${mimi}`))).toBe(true);
  });
});
