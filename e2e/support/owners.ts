import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { TestProduct } from './product.ts';

/** What the helpers here use of a product: its stack and mailbox (the bench's product has them too). */
type Backend = Pick<TestProduct, 'stack' | 'lastMail'>;

export interface TestOwner {
  client: SupabaseClient;
  email: string;
  password: string;
}

/** An owner who signed up and confirmed through the e-mail link, signed in with supabase-js. */
export async function newOwner(product: Backend, label = 'owner'): Promise<TestOwner> {
  const email = `${label}-${crypto.randomUUID()}@test.medaille.fr`;
  const password = 'mot-de-passe-1';
  const options = {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  };
  const client = createClient(product.stack.url, product.stack.anonKey, options);
  const signUp = await client.auth.signUp({ email, password });
  if (signUp.error) throw signUp.error;
  // What the e-mail link's button does: the link's token hash spent, as /auth/confirm spends it.
  const link = new URL((await product.lastMail(email)).links[0] as string);
  const confirmed = await client.auth.verifyOtp({
    token_hash: link.searchParams.get('token_hash') as string,
    type: link.searchParams.get('type') as 'signup',
  });
  if (confirmed.error) throw confirmed.error;
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { client, email, password };
}

/** A supabase-js client with the service role, as an operator's tool or a server function has. */
export function serviceClient(product: Pick<TestProduct, 'stack'>): SupabaseClient {
  return createClient(product.stack.url, product.stack.serviceRoleKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
  });
}

/** A finder's call to one of their public functions, as the scan page makes it (the anon key, JSON). */
export async function finderCall(product: Pick<TestProduct, 'stack'>, name: string, body: unknown) {
  const response = await fetch(`${product.stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: product.stack.anonKey,
      authorization: `Bearer ${product.stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: journeys look into the JSON answers field by field.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

let codes = 0;
/** A new medal code, as an operator would create it (`code`: one minted by `newMedalCode`, say). */
export async function newCode(product: Backend, code = `MDL-E${Date.now().toString(36).toUpperCase()}-${++codes}`) {
  const { error } = await serviceClient(product).from('codes').insert({ id: code });
  if (error) throw error;
  return code;
}

/** A 1×1 PNG of one colour, enough to tell photos apart. */
function png(red: number): Blob {
  const base64 = [
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4EaABAAMkAUEdGZ/EAAAAAElFTkSuQmCC',
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPQqDgBAAI0AWkYRiUPAAAAAElFTkSuQmCC',
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOwWRAAAAJIAS1ssACcAAAAAElFTkSuQmCC',
  ][red % 3] as string;
  return new Blob([Buffer.from(base64, 'base64')], { type: 'image/png' });
}

/**
 * An animal activated on a new code by `owner`, with the given fields and `photos` photos (the first is
 * the cover), everything through the API the portal uses.
 */
export async function animalOnNewCode(
  product: Backend,
  owner: TestOwner,
  fields: Record<string, unknown>,
  photos = 0,
): Promise<{ code: string; animalId: string }> {
  const code = await newCode(product);
  const { data, error } = await owner.client.rpc('register_animal_with_code', {
    p_code: code,
    p_animal: { nom: 'Rex', ...fields },
  });
  if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
  const animalId = data.animal_id as string;
  let cover: string | null = null;
  for (let index = 0; index < photos; index += 1) {
    const path = `${animalId}/${index}.png`;
    const upload = await owner.client.storage.from('animal-photos').upload(path, png(index));
    if (upload.error) throw upload.error;
    const row = await owner.client
      .from('animal_photos')
      .insert({ animal_id: animalId, path, width: 600, height: 450, position: index })
      .select('id')
      .single();
    if (row.error) throw row.error;
    cover ??= row.data.id;
  }
  const update = await owner.client
    .from('animals')
    .update({ ...fields, cover_photo_id: cover })
    .eq('id', animalId);
  if (update.error) throw update.error;
  return { code, animalId };
}
