import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, startTestStack, type TestStack } from '../src/testing.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let other: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  [owner, other] = await Promise.all([stack.signedInOwner('owner'), stack.signedInOwner('other')]);
});
afterAll(() => stack?.close());

const activate = (client: SupabaseClient, animal: Record<string, unknown> = {}) =>
  stack.activatedAnimal(client, { espece: 'dog', ...animal });

const rest = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${stack.url}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${init.token ?? stack.anonKey}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });

describe('reads', () => {
  it('list the owner’s animals with their codes embedded, newest first', async () => {
    const first = await activate(owner.client, { nom: 'Premier' });
    const second = await activate(owner.client, { nom: 'Second' });
    const { data, error } = await owner.client
      .from('animals')
      .select('*, codes(id)')
      .eq('proprietaire_id', owner.userId)
      .order('date_creation', { ascending: false });
    expect(error).toBeNull();
    const mine = data?.filter((a) => [first.animalId, second.animalId].includes(a.id));
    // codes.animal_id is unique: PostgREST embeds that one-to-one relationship as an object.
    expect(mine?.map((a) => [a.nom, a.codes])).toEqual([
      ['Second', { id: second.code }],
      ['Premier', { id: first.code }],
    ]);
    expect(mine?.[0]).toMatchObject({ sterilise: false, is_lost: false, show_public_phone: false, public_phone: null });
  });

  it('give exactly one row with single(), and PGRST116 when there is none', async () => {
    const { animalId } = await activate(owner.client, { nom: 'Unique', poids_kg: 12.5 });
    const one = await owner.client.from('animals').select('id, nom, poids_kg, codes(id)').eq('id', animalId).single();
    expect(one.data).toMatchObject({ id: animalId, nom: 'Unique', poids_kg: 12.5 });
    const none = await other.client.from('animals').select('id').eq('id', animalId).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const maybe = await other.client.from('animals').select('id').eq('id', animalId).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it('count exactly, with or without the rows', async () => {
    await activate(owner.client);
    const head = await owner.client.from('animals').select('*', { count: 'exact', head: true });
    const all = await owner.client.from('animals').select('id');
    expect(head.count).toBe(all.data?.length);
    const page = await owner.client.from('animals').select('id', { count: 'exact' }).range(0, 0);
    expect(page.data).toHaveLength(1);
    expect(page.count).toBe(all.data?.length);
  });

  it('filter with eq, neq, is, in, ilike, gt and lt', async () => {
    const a = await activate(owner.client, { nom: 'Filtre Alpha', annee_naissance: 2010 });
    const b = await activate(owner.client, { nom: 'Filtre Beta', annee_naissance: 2015, race: 'Beagle' });
    const c = await activate(owner.client, { nom: 'Autre Gamma', annee_naissance: 2020 });
    const ids = [a.animalId, b.animalId, c.animalId];
    const mine = () => owner.client.from('animals').select('nom').in('id', ids);
    const names = async (query: PromiseLike<{ data: { nom: string }[] | null }>) =>
      (await query).data?.map((row) => row.nom).sort();
    expect(await names(mine().ilike('nom', 'filtre%'))).toEqual(['Filtre Alpha', 'Filtre Beta']);
    expect(await names(mine().neq('nom', 'Filtre Alpha'))).toEqual(['Autre Gamma', 'Filtre Beta']);
    expect(await names(mine().is('race', null))).toEqual(['Autre Gamma', 'Filtre Alpha']);
    expect(await names(mine().gt('annee_naissance', 2010).lt('annee_naissance', 2020))).toEqual(['Filtre Beta']);
    expect(await names(mine().or('annee_naissance.eq.2010,race.eq.Beagle'))).toEqual(['Filtre Alpha', 'Filtre Beta']);
  });

  it('embed a to-one parent as an object, and ask which relationship when two fit', async () => {
    const { animalId } = await activate(owner.client, { nom: 'Photogénique' });
    const photo = await owner.client
      .from('animal_photos')
      .insert({ animal_id: animalId, path: `${animalId}/a.jpg`, position: 0 })
      .select('id, animals!animal_photos_animal_id_fkey(nom)')
      .single();
    expect(photo.data).toMatchObject({ animals: { nom: 'Photogénique' } });
    const ambiguous = await owner.client.from('animals').select('id, animal_photos(id)').eq('id', animalId);
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const hinted = await owner.client
      .from('animals')
      .select('id, animal_photos!animal_photos_animal_id_fkey(id)')
      .eq('id', animalId)
      .single();
    expect(hinted.data?.animal_photos).toEqual([{ id: photo.data?.id }]);
  });
});

describe('writes', () => {
  it('insert, reorder, update with a count and delete photo rows as the spec does', async () => {
    const { animalId } = await activate(owner.client);
    const inserted = await owner.client
      .from('animal_photos')
      .insert({ animal_id: animalId, path: `${animalId}/1.jpg`, width: 800, height: 600, position: 1 })
      .select('id')
      .single();
    expect(inserted.status).toBe(201);
    const photoId = inserted.data?.id as string;

    const moved = await owner.client
      .from('animal_photos')
      .update({ position: 0 }, { count: 'exact' })
      .eq('id', photoId);
    expect(moved).toMatchObject({ status: 204, count: 1, error: null });
    const cover = await owner.client.from('animals').update({ cover_photo_id: photoId }).eq('id', animalId).select();
    expect(cover.data?.[0]?.cover_photo_id).toBe(photoId);

    const path = await owner.client.from('animal_photos').select('path').eq('id', photoId).single();
    expect(path.data?.path).toBe(`${animalId}/1.jpg`);
    const removed = await owner.client.from('animal_photos').delete({ count: 'exact' }).eq('id', photoId);
    expect(removed).toMatchObject({ status: 204, count: 1 });
    const after = await owner.client.from('animals').select('cover_photo_id').eq('id', animalId).single();
    expect(after.data?.cover_photo_id).toBeNull();
  });

  it('update the lost flag by id and owner, and change nothing for another owner', async () => {
    const { animalId } = await activate(owner.client);
    const theirs = await other.client
      .from('animals')
      .update({ is_lost: true }, { count: 'exact' })
      .eq('id', animalId)
      .eq('proprietaire_id', other.userId);
    expect(theirs.count).toBe(0);
    const mine = await owner.client
      .from('animals')
      .update({ is_lost: true })
      .eq('id', animalId)
      .eq('proprietaire_id', owner.userId)
      .select('is_lost');
    expect(mine.data).toEqual([{ is_lost: true }]);
  });

  it('report a broken rule with PostgREST’s status and the constraint’s name', async () => {
    const { animalId } = await activate(owner.client);
    const { error, status } = await owner.client.from('animals').update({ annee_naissance: 1899 }).eq('id', animalId);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(error?.message).toContain('animals_annee_naissance_plage');
  });

  it('refuse with 403 an owner writing a photo row for another owner’s animal', async () => {
    const { animalId } = await activate(owner.client);
    const { error, status } = await other.client
      .from('animal_photos')
      .insert({ animal_id: animalId, path: `${animalId}/x.jpg` });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  it('call an RPC with named arguments, as anonymous finders may for code_status', async () => {
    const code = await stack.newCode();
    const anon = stack.client();
    expect(await anon.rpc('code_status', { p_code: code })).toMatchObject({ data: 'free', error: null });
    const denied = await anon.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'X' } });
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
    const unknown = await anon.rpc('no_such_function', {});
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
  });
});

describe('refusals', () => {
  it('give anonymous callers 401 on every table', async () => {
    for (const table of ['animals', 'codes', 'animal_photos', 'finder_messages', 'scan_events']) {
      const { status, error } = await stack.client().from(table).select('*');
      expect({ table, status, code: error?.code }).toEqual({ table, status: 401, code: '42501' });
    }
  });

  it('answer a GET of a function that writes with 405, as PostgREST maps read_only_sql_transaction (25006)', async () => {
    // code_status counts each client's calls, so it is volatile: GET runs read-only and must be refused.
    const answer = await rest(`rpc/code_status?p_code=${await stack.newCode()}`);
    expect(answer.status).toBe(405);
    expect(((await answer.json()) as { code: string }).code).toBe('25006');
  });

  it('name unknown tables, columns and operators without running anything', async () => {
    const table = await owner.client.from('no_such_table').select('*');
    expect(table).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    const column = await owner.client.from('animals').select('nom, no_such_column');
    expect(column).toMatchObject({ status: 400, error: { code: '42703' } });
    const operator = await rest('animals?nom=like2.x', { token: await accessToken(owner.client) });
    expect(operator.status).toBe(400);
    expect(((await operator.json()) as { code: string }).code).toBe('PGRST100');
  });

  it('treat hostile text as data, never as SQL', async () => {
    const bearer = await accessToken(owner.client);
    const value = await rest(`animals?id=eq.${encodeURIComponent("1'; drop table public.animals; --")}`, {
      token: bearer,
    });
    expect(value.status).toBe(400);
    expect(((await value.json()) as { code: string }).code).toBe('22P02');
    const identifier = await rest(`animals?select=${encodeURIComponent('nom,"x""; drop table public.animals; --"')}`, {
      token: bearer,
    });
    expect(identifier.status).toBe(400);
    const still = await owner.client.from('animals').select('id', { count: 'exact', head: true });
    expect(still.error).toBeNull();
  });

  it('answer malformed JSON, a JSON array to update and an oversized body with errors, and keep serving', async () => {
    const bearer = await accessToken(owner.client);
    const malformed = await rest('animal_photos', { method: 'POST', body: '{"animal_id": ', token: bearer });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('PGRST102');
    const big = await rest('animal_photos', {
      method: 'POST',
      body: JSON.stringify({ path: 'x'.repeat(2_000_000) }),
      token: bearer,
    });
    expect(big.status).toBe(413);
    expect((await fetch(`${stack.url}/health`)).status).toBe(200);
  });

  it('refuse forged and expired tokens with PostgREST’s JWT errors', async () => {
    const forged = await new SignJWT({ role: 'authenticated', sub: owner.userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const forgedAnswer = await rest('animals?select=id', { token: forged });
    expect(forgedAnswer.status).toBe(401);
    expect(((await forgedAnswer.json()) as { code: string }).code).toBe('PGRST301');
    expect(forgedAnswer.headers.get('www-authenticate')).toContain('invalid_token');

    const shortLived = await startTestStack({ jwtExpiry: 1 });
    try {
      const session = await shortLived.signedInOwner('expiring');
      const expiring = await accessToken(session.client);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      // Sent as is: supabase-js itself would refresh a token this close to expiry first.
      const answer = await fetch(`${shortLived.url}/rest/v1/animals?select=id`, {
        headers: { apikey: shortLived.anonKey, authorization: `Bearer ${expiring}` },
      });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    } finally {
      await shortLived.close();
    }
  });
});
