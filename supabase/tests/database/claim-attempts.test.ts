// register_animal_with_code as a guesser tries it: a claim with a wrong code (unknown, already
// used, suspended) is counted per account and per client address, as the gateway names it in
// cf-connecting-ip (the header code_status counts by). Past the limit, every claim is refused, even with a
// right code, and nothing is written; another account from another address still claims.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeRow } from '../support/database.ts';
import { newClientAddress } from '../support/finder.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const INVALID = 'Code invalide ou déjà utilisé';
const SUSPENDED = 'Cette médaille est suspendue. Contactez le support.';
const TOO_MANY = 'Trop de tentatives. Réessayez plus tard.';

/** A new account, signed in on a client whose requests leave from `address`. */
async function ownerAt(address: string, label = 'guesser') {
  const owner = await stack.signedInOwner(label);
  const client = stack.client(address);
  const { data, error } = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
  if (error) throw error;
  return { client, userId: data.user.id, email: owner.email, password: owner.password };
}

/** The claim as the portal sends it: the RPC over HTTP, with the user's session. */
async function claim(client: SupabaseClient, code: string) {
  const { data, error } = await client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'Rex' } });
  if (error) throw new Error(`register_animal_with_code: ${error.message}`);
  return data as { success: boolean; error: string | null; reason: string | null; animal_id: string | null };
}

const wrong = (label: string, i: number) => `MDL-NOPE-${label}-${i}`;

async function animalCount(userId: string) {
  const { rows } = await stack.db.query('select id from public.animals where proprietaire_id = $1', [userId]);
  return rows.length;
}

describe('claims with wrong codes, per account', () => {
  it('answers 10 wrong claims an hour as before, then refuses the 11th and a right code, writing nothing', async () => {
    const guesser = await ownerAt(newClientAddress());
    const taken = await stack.newCode();
    expect((await claim((await ownerAt(newClientAddress(), 'first')).client, taken)).success).toBe(true);
    const suspended = await stack.newCode();
    await stack.db.query("update public.codes set suspended_at = now(), suspended_by = 'operator' where id = $1", [
      suspended,
    ]);

    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push((await claim(guesser.client, wrong('A', i))).error);
    answers.push((await claim(guesser.client, taken)).error);
    answers.push((await claim(guesser.client, suspended)).error);
    expect(answers).toEqual([...Array(9).fill(INVALID), SUSPENDED]);

    expect(await claim(guesser.client, wrong('A', 10))).toEqual({
      success: false,
      error: TOO_MANY,
      reason: 'too_many_attempts',
      animal_id: null,
    });
    // A right code now, even from another address: the account is what is refused.
    const free = await stack.newCode();
    const elsewhere = stack.client(newClientAddress());
    await elsewhere.auth.signInWithPassword({ email: guesser.email, password: guesser.password });
    expect(await claim(elsewhere, free)).toEqual({
      success: false,
      error: TOO_MANY,
      reason: 'too_many_attempts',
      animal_id: null,
    });
    expect(await codeRow(stack.db, free)).toEqual({ used: false, animal_id: null });
    expect(await animalCount(guesser.userId)).toBe(0);

    // The code stays free for its rightful owner.
    const rightful = await ownerAt(newClientAddress(), 'rightful');
    expect((await claim(rightful.client, free)).success).toBe(true);
  });

  it('does not count successful claims: an owner activates 12 medals in a row after 9 wrong codes', async () => {
    const owner = await ownerAt(newClientAddress(), 'breeder');
    for (let i = 0; i < 9; i += 1) expect((await claim(owner.client, wrong('B', i))).error).toBe(INVALID);
    for (let i = 0; i < 12; i += 1) expect((await claim(owner.client, await stack.newCode())).success).toBe(true);
    expect(await animalCount(owner.userId)).toBe(12);
  });
});

describe('claims with wrong codes, per client address', () => {
  it('refuses an address after 30 wrong claims in 5 minutes, whatever the account; another address still claims', async () => {
    const address = newClientAddress();
    const guessers = [];
    for (let i = 0; i < 4; i += 1) guessers.push(await ownerAt(address, `guesser${i}`));
    const answers = [];
    for (const [g, guesser] of guessers.entries()) {
      for (let i = 0; i < 8; i += 1) answers.push((await claim(guesser.client, wrong(`C${g}`, i))).error);
    }
    expect(answers).toEqual([...Array(30).fill(INVALID), TOO_MANY, TOO_MANY]);

    // A new account from that address, with a right code: refused, and the code left free.
    const free = await stack.newCode();
    const newcomer = await ownerAt(address, 'newcomer');
    expect(await claim(newcomer.client, free)).toEqual({
      success: false,
      error: TOO_MANY,
      reason: 'too_many_attempts',
      animal_id: null,
    });
    expect(await codeRow(stack.db, free)).toEqual({ used: false, animal_id: null });
    expect(await animalCount(newcomer.userId)).toBe(0);

    // Another owner from another address claims it.
    const rightful = await ownerAt(newClientAddress(), 'rightful');
    const won = await claim(rightful.client, free);
    expect(won.success).toBe(true);
    expect(await codeRow(stack.db, free)).toEqual({ used: true, animal_id: won.animal_id });
  });
});
