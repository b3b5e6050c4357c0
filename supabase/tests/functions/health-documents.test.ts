// The health booklet's documents over HTTP, as the portal stores and opens them (docs/decisions/0016-household.md):
// files of the private health-documents bucket, opened through links of one minute that health-document-link makes for
// the household of the day (a member signs none through Storage), or downloaded with a member's session; the
// file uploaded first, then its row; removed with their animal by delete-animal, and swept when no row names
// them. Who may do what, cell by cell, is in tests/security/authorization-matrix.test.ts; the SQL rules are
// tests/database/booklet.test.ts.
import { randomUUID } from 'node:crypto';
import { HEALTH_DOCUMENT_BUCKET, HEALTH_LIMITS } from '@medaille/domain';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../support/photos.ts';

type Account = Awaited<ReturnType<TestStack['signedInOwner']>>;

let stack: TestStack;
let owner: Account;
let coOwner: Account;
let keeper: Account;
let pastKeeper: Account;
let stranger: Account;

const PDF = () => new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' });
const PNG = () =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], { type: 'image/png' });

beforeAll(async () => {
  // This file's own sweeps only.
  stack = await startTestStack({ photoSweep: { firstDelayMs: 0, intervalMs: 0 } });
  [owner, coOwner, keeper, pastKeeper, stranger] = await Promise.all([
    stack.signedInOwner('carnet'),
    stack.signedInOwner('co'),
    stack.signedInOwner('gardien'),
    stack.signedInOwner('ancien-gardien'),
    stack.signedInOwner('inconnu'),
  ]);
});
afterAll(() => stack?.close());

/** An animal of the owner's with a co-owner, a keeper for a month and a keeper whose last day was yesterday. */
async function animalWithHousehold() {
  const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Filou' });
  await stack.db.query(
    `insert into public.animal_members (animal_id, user_id, role, access_until)
     values ($1, $2, 'co_owner', null), ($1, $3, 'keeper', current_date + 30), ($1, $4, 'keeper', current_date - 2)`,
    [animalId, coOwner.userId, keeper.userId, pastKeeper.userId],
  );
  return animalId;
}

const documents = (who: Account = owner) => who.client.storage.from(HEALTH_DOCUMENT_BUCKET);

/** Uploads a file, then writes its row, as the portal does; answers its path. */
async function addDocument(animalId: string, who: Account = owner, file = PDF(), ext = 'pdf') {
  const path = `${animalId}/${randomUUID()}.${ext}`;
  const { error } = await documents(who).upload(path, file);
  if (error) throw error;
  const inserted = await who.client
    .from('health_documents')
    .insert({ animal_id: animalId, path, title: 'Certificat de vaccination', kind: 'vaccination' });
  if (inserted.error) throw inserted.error;
  return path;
}

async function stored(names: readonly string[]): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2) order by name collate "C"',
    [HEALTH_DOCUMENT_BUCKET, names],
  );
  return rows.map((row) => row.name);
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('the health-documents bucket', () => {
  it('is private: no public URL serves a document, not even to its owner', async () => {
    const path = await addDocument(await animalWithHousehold());
    const url = documents().getPublicUrl(path).data.publicUrl;
    expect((await fetch(url)).status).toBe(400);
    expect(
      (await fetch(url, { headers: { apikey: stack.frontEndKey, authorization: `Bearer ${stack.serverKey}` } })).status,
    ).toBe(400);
  });

  it('signs no URL for a member directly, however long: a link that outlives access is health-document-link’s to refuse', async () => {
    const path = await addDocument(await animalWithHousehold());
    for (const member of [owner, coOwner, keeper]) {
      for (const seconds of [60, 365 * 24 * 3600]) {
        const one = await documents(member).createSignedUrl(path, seconds);
        expect(one).toMatchObject({ data: null, error: { message: 'Object not found' } });
      }
      const many = await documents(member).createSignedUrls([path], 365 * 24 * 3600);
      expect(many.data?.[0]).toMatchObject({ signedUrl: null });
    }
  });

  it('lets the household download a document with their own session (the account’s export), checked at each download', async () => {
    const path = await addDocument(await animalWithHousehold());
    for (const member of [owner, coOwner, keeper]) {
      const { data, error } = await documents(member).download(path);
      expect(error).toBeNull();
      expect(Buffer.from(await (data as Blob).arrayBuffer())).toEqual(Buffer.from(await PDF().arrayBuffer()));
    }
  });

  it('gives a keeper after their last day, a stranger or the anonymous key nothing: no URL, no download, no list', async () => {
    const animalId = await animalWithHousehold();
    const path = await addDocument(animalId);
    for (const client of [pastKeeper.client, stranger.client, stack.client()]) {
      const storage = client.storage.from(HEALTH_DOCUMENT_BUCKET);
      const signed = await storage.createSignedUrl(path, 60);
      expect(signed).toMatchObject({ data: null, error: { message: 'Object not found' } });
      expect((await storage.download(path)).data).toBeNull();
      expect((await storage.list(animalId)).data).toEqual([]);
      const { data } = await client.from('health_documents').select('id').eq('animal_id', animalId);
      expect(data ?? []).toEqual([]);
    }
  });

  it('takes a document from the owner or a co-owner, never from a keeper, and keeps the file’s own type and size', async () => {
    const animalId = await animalWithHousehold();
    await addDocument(animalId, coOwner, PNG(), 'png');
    const { data } = await keeper.client
      .from('health_documents')
      .select('title, kind, content_type, size_bytes')
      .eq('animal_id', animalId);
    expect(data).toEqual([
      { title: 'Certificat de vaccination', kind: 'vaccination', content_type: 'image/png', size_bytes: 9 },
    ]);
    const path = `${animalId}/${randomUUID()}.pdf`;
    const upload = await documents(keeper).upload(path, PDF());
    expect(upload.error).toMatchObject({ statusCode: '403' });
    expect(await stored([path])).toEqual([]);
  });

  it('refuses a row whose file was not uploaded, and forgets the row of a file removed', async () => {
    const animalId = await animalWithHousehold();
    const missing = await owner.client
      .from('health_documents')
      .insert({ animal_id: animalId, path: `${animalId}/${randomUUID()}.pdf`, title: 'Passeport', kind: 'passeport' });
    expect(missing.error).toMatchObject({
      code: '23514',
      message: "Le fichier de ce document n'est pas enregistré : envoyez-le à nouveau.",
    });
    const path = await addDocument(animalId);
    expect((await documents(coOwner).remove([path])).error).toBeNull();
    const { data } = await owner.client.from('health_documents').select('id').eq('path', path);
    expect(data).toEqual([]);
  });

  it(`holds at most ${HEALTH_LIMITS.documentsPerAnimal} files per animal and ${HEALTH_LIMITS.documentMaxBytes / 1024 / 1024} MB per file`, async () => {
    const animalId = await animalWithHousehold();
    for (let i = 0; i < HEALTH_LIMITS.documentsPerAnimal; i += 1) {
      const { error } = await documents().upload(`${animalId}/${randomUUID()}.pdf`, PDF());
      expect(error).toBeNull();
    }
    const extra = await documents().upload(`${animalId}/${randomUUID()}.pdf`, PDF());
    expect(extra.error).toMatchObject({
      statusCode: '403',
      message: `The folder ${animalId}/ already holds ${HEALTH_LIMITS.documentsPerAnimal} files, the most it may hold`,
    });

    const other = await animalWithHousehold();
    const big = new Uint8Array(HEALTH_LIMITS.documentMaxBytes + 1);
    big.set(new TextEncoder().encode('%PDF-1.7'));
    const tooBig = await documents().upload(
      `${other}/${randomUUID()}.pdf`,
      new Blob([big], { type: 'application/pdf' }),
    );
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
  });
});

/** Asks health-document-link for a document's link with a token (none: the anonymous key alone). */
async function linkOf(documentId: unknown, token?: string) {
  const response = await fetch(`${stack.url}/functions/v1/health-document-link`, {
    method: 'POST',
    headers: {
      apikey: stack.frontEndKey,
      authorization: `Bearer ${token ?? stack.frontEndKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ document_id: documentId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const tokenOf = async (who: Account) => (await who.client.auth.getSession()).data.session?.access_token as string;

async function documentIdOf(path: string) {
  const { rows } = await stack.db.query<{ id: string }>('select id from public.health_documents where path = $1', [
    path,
  ]);
  return rows[0]?.id as string;
}

/** A signed URL's lifetime in seconds, read from its token. */
function lifetimeOf(url: string) {
  const token = new URL(url).searchParams.get('token') as string;
  const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  return claims.exp - claims.iat;
}

describe('health-document-link', () => {
  it('gives a current member a link of one minute at most, which opens the document', async () => {
    const path = await addDocument(await animalWithHousehold());
    const id = await documentIdOf(path);
    for (const member of [owner, coOwner, keeper]) {
      const { status, body } = await linkOf(id, await tokenOf(member));
      expect(status).toBe(200);
      expect(body.expires_in).toBe(60);
      expect(lifetimeOf(body.signed_url as string)).toBeLessThanOrEqual(60);
      const response = await fetch(body.signed_url as string);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(await bytesOf(response)).toEqual(Buffer.from(await PDF().arrayBuffer()));
    }
  });

  it('gives a keeper after their last day or a stranger nothing (404), and no session or a deleted account 401', async () => {
    const path = await addDocument(await animalWithHousehold());
    const id = await documentIdOf(path);
    for (const who of [pastKeeper, stranger]) {
      expect(await linkOf(id, await tokenOf(who))).toMatchObject({ status: 404, body: { code: 'document_not_found' } });
    }
    expect(await linkOf(id)).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
    expect(await linkOf(id, 'pas-un-jeton')).toMatchObject({ status: 401 });
    const leaving = await stack.signedInOwner('compte-supprime');
    const token = await tokenOf(leaving);
    await stack.db.query('insert into public.animal_members (animal_id, user_id, role) values ($1, $2, $3)', [
      path.split('/')[0],
      leaving.userId,
      'co_owner',
    ]);
    expect((await linkOf(id, token)).status).toBe(200);
    const { error } = await stack.serviceClient().auth.admin.deleteUser(leaving.userId);
    expect(error).toBeNull();
    expect(await linkOf(id, token)).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
  });

  it('answers a document that is none, or no id, with a 4xx', async () => {
    const ownerToken = await tokenOf(owner);
    expect(await linkOf(randomUUID(), ownerToken)).toMatchObject({ status: 404, body: { code: 'document_not_found' } });
    for (const wrong of ['pas-un-id', 42, null, undefined, '']) {
      expect(await linkOf(wrong, ownerToken)).toMatchObject({ status: 400, body: { code: 'invalid_document_id' } });
    }
    const response = await fetch(`${stack.url}/functions/v1/health-document-link`, {
      method: 'POST',
      headers: { apikey: stack.frontEndKey, authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(response.status).toBe(400);
  });

  it('gives the former owner and keepers nothing once the animal changed owner, directly or through the function', async () => {
    const animalId = await animalWithHousehold();
    const path = await addDocument(animalId);
    const id = await documentIdOf(path);
    const next = await stack.signedInOwner('nouveau-proprietaire');
    // A change of owner, as accepting the animal offered does: the household goes with the former owner's rights.
    await stack.db.query('delete from public.animal_members where animal_id = $1 and role <> $2', [animalId, 'owner']);
    await stack.db.query('update public.animals set proprietaire_id = $2 where id = $1', [animalId, next.userId]);
    for (const former of [owner, coOwner, keeper]) {
      expect((await linkOf(id, await tokenOf(former))).status).toBe(404);
      expect((await documents(former).createSignedUrl(path, 365 * 24 * 3600)).data).toBeNull();
      expect((await documents(former).download(path)).data).toBeNull();
    }
    expect((await linkOf(id, await tokenOf(next))).status).toBe(200);
  });
});

describe('a deleted animal’s documents', () => {
  it('are removed with it by delete-animal, with and without their rows', async () => {
    const animalId = await animalWithHousehold();
    const withRow = await addDocument(animalId);
    const withoutRow = `${animalId}/${randomUUID()}.pdf`;
    await documents(coOwner).upload(withoutRow, PDF());
    const { animalId: kept } = await stack.activatedAnimal(owner.client, { nom: 'Gardé' });
    const keptFile = await addDocument(kept);

    const deleted = await answerOf(owner.client.functions.invoke('delete-animal', { body: { animal_id: animalId } }));
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await stored([withRow, withoutRow, keptFile])).toEqual([keptFile]);
    expect((await stack.serviceClient().storage.from(HEALTH_DOCUMENT_BUCKET).list(animalId)).data).toEqual([]);
  });

  it('are removed with the account by delete-account', async () => {
    const leaving = await stack.signedInOwner('depart');
    const { animalId } = await stack.activatedAnimal(leaving.client, { nom: 'Pompon' });
    const path = await addDocument(animalId, leaving);
    const deleted = await answerOf(
      leaving.client.functions.invoke('delete-account', { body: { email: leaving.email } }),
    );
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await stored([path])).toEqual([]);
  });

  it('are named by delete_animal, and swept at once should the function die before removing them', async () => {
    const animalId = await animalWithHousehold();
    const path = await addDocument(animalId);
    const { data, error } = await owner.client.rpc('delete_animal', { p_animal_id: animalId });
    expect(error).toBeNull();
    expect(data).toEqual([`${HEALTH_DOCUMENT_BUCKET}/${path}`]);
    expect(await stored([path])).toEqual([path]);
    const sweep = await answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));
    expect(sweep).toMatchObject({ status: 200, body: { failed: 0 } });
    expect(await stored([path])).toEqual([]);
  });
});

describe('sweep-photos', () => {
  it('removes a document’s file that no row names once it is an hour old, and keeps the documents', async () => {
    const animalId = await animalWithHousehold();
    const kept = await addDocument(animalId);
    const orphan = `${animalId}/${randomUUID()}.pdf`;
    await documents().upload(orphan, PDF());
    const sweep = () => answerOf(stack.serviceClient().functions.invoke('sweep-photos', { body: {} }));
    await sweep();
    expect(await stored([kept, orphan])).toEqual([kept, orphan].sort());
    // Both written two hours ago, as if uploaded then.
    await stack.db.query(
      `update storage.objects set created_at = now() - interval '2 hours', updated_at = now() - interval '2 hours'
       where bucket_id = $1 and name = any($2)`,
      [HEALTH_DOCUMENT_BUCKET, [kept, orphan]],
    );
    await sweep();
    expect(await stored([kept, orphan])).toEqual([kept]);
  });
});
