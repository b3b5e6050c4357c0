// A rehearsal of the deploy: each function's handler.ts run by real Deno (tests/deploy/serve-under-deno.ts,
// with the function's own deno.json and the environment the stack gives its functions) answers the scan
// page's, the portal's and the scheduled sweep's requests exactly as the local stack's in-process Node run
// does (its PostgREST and Storage calls going over HTTP, not in-process): same status, same JSON, same
// e-mails, same Content-Type, Cache-Control and Retry-After. Nothing else needs ignoring: both runs reach
// one database with one SUPABASE_URL (the photo URLs), and the per-client rate limits see two clients. The
// one exception is a cooldown's Retry-After, the seconds left of each client's own wait (see its test).
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PhotonImage } from '@cf-wasm/photon';
import { FINDER_IDENTITY_HEADER, signFinderIdentity } from '@medaille/domain';
import { fetchFrom, newClientAddress, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../functions/_shared/client.ts';

import { age, storedOf, storePhoto } from '../support/photos.ts';
import { DENO, denoEnv, FIRST_DENO_TIMEOUT_MS, FUNCTION_NAMES, FUNCTIONS_DIR } from './deno.ts';

const ENTRY = fileURLToPath(new URL('./serve-under-deno.ts', import.meta.url));

type DenoServer = { url: string; process: ChildProcessByStdio<null, Readable, Readable> };

/** Starts `name` under Deno with the function's environment; resolves once it listens. */
function serveUnderDeno(name: string, env: Record<string, string>): Promise<DenoServer> {
  const child = spawn(
    DENO,
    [
      'run',
      '--config',
      join(FUNCTIONS_DIR, name, 'deno.json'),
      '--allow-net=127.0.0.1',
      '--allow-env',
      `--allow-read=${FUNCTIONS_DIR}`,
      ENTRY,
      name,
    ],
    { env: denoEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const port = /\{"port":(\d+)\}/.exec(output)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, process: child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`deno run ${name} exited with ${code}:\n${output}`)));
  });
}

/** The request the scan page sends (remotes/scan/src/profile-api.ts, callFinderFunction). */
const scanPageRequest = (anonKey: string, payload: unknown): RequestInit => ({
  method: 'POST',
  headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
  body: JSON.stringify(payload),
});

async function answer(response: Response) {
  return {
    status: response.status,
    // The headers the function sets and a browser acts on.
    contentType: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    body: withTokenNamed(await response.json()),
  };
}

/**
 * The answer with a conversation link's token named rather than given: each run opens a conversation of its
 * own, whose token differs while the link's form does not.
 */
function withTokenNamed(body: unknown): unknown {
  const link = (body as { conversation_url?: unknown } | null)?.conversation_url;
  if (typeof link !== 'string') return body;
  return {
    ...(body as object),
    conversation_url: link.replace(/\/conversation\/[0-9a-f]{64}$/, '/conversation/{token}'),
  };
}

/** Where links in e-mails lead, the same for both runs. */
const SITE_URL = 'https://medaille.test';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;
let rex: { code: string; animalId: string };
let unclaimed: string;
const underDeno = new Map<string, DenoServer>();

beforeAll(async () => {
  // The sweeps compared below are the only ones: no timer.
  stack = await startTestStack({
    photoSweep: { firstDelayMs: 0, intervalMs: 0 },
    functionEnv: { PUBLIC_SITE_URL: SITE_URL },
  });
  // What the stack gives its functions (supabase/local/src/stack.ts), and nothing more, but for the legacy
  // keys: under Deno the functions run as on a project whose legacy keys are turned off, on the new keys only.
  const functionEnv = {
    PUBLIC_SITE_URL: SITE_URL,
    SUPABASE_URL: stack.url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stack.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack.secretKey }),
    LOCAL_MAILBOX_URL: `${stack.url}/mailbox/api/messages`,
    FINDER_IDENTITY_SECRET: stack.finderIdentitySecret,
    CLIENT_HASH_SECRET: stack.clientHashSecret,
  };
  const [servers] = await Promise.all([
    Promise.all(FUNCTION_NAMES.map((name) => serveUnderDeno(name, functionEnv))),
    (async () => {
      owner = await stack.signedInOwner('rehearsal');
      rex = await stack.activatedAnimal(owner.client, { nom: 'Rex', espece: 'dog', race: 'Beagle', sexe: 'M' });
      unclaimed = await stack.newCode();
      const path = `${rex.animalId}/rex.jpg`;
      const upload = await owner.client.storage
        .from('animal-photos')
        .upload(path, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }));
      if (upload.error) throw upload.error;
      const photo = await owner.client
        .from('animal_photos')
        .insert({ animal_id: rex.animalId, path, width: 800, height: 600, position: 0 })
        .select('id')
        .single();
      if (photo.error) throw photo.error;
      const update = await owner.client
        .from('animals')
        .update({
          cover_photo_id: photo.data.id,
          is_lost: true,
          public_phone: '0612345678',
          show_public_phone: true,
          public_email: 'rex@example.fr',
          show_public_email: false,
        })
        .eq('id', rex.animalId);
      if (update.error) throw update.error;
    })(),
  ]);
  for (const [index, name] of FUNCTION_NAMES.entries()) underDeno.set(name, servers[index] as DenoServer);
}, FIRST_DENO_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(
    [...underDeno.values()].map(
      ({ process }) =>
        new Promise((resolve) => {
          if (process.exitCode !== null || process.signalCode !== null) return resolve(null);
          process.once('exit', resolve);
          process.kill();
        }),
    ),
  );
  await stack?.close();
});

/**
 * The same request to the function under Deno (whose client is always 127.0.0.1), then through the stack from
 * a client address of its own, new unless given.
 */
async function sideBySide(name: string, payload: unknown, address = newClientAddress()) {
  const server = underDeno.get(name);
  if (!server) throw new Error(`${name} is not served under Deno`);
  const deno = await answer(await fetch(server.url, scanPageRequest(stack.anonKey, payload)));
  const node = await answer(
    await fetchFrom(address)(`${stack.url}/functions/v1/${name}`, scanPageRequest(stack.anonKey, payload)),
  );
  return { deno, node };
}

/**
 * Two requests as the portal or a scheduled job sends them, with the caller's own key and token: the first to
 * the function under Deno, the second through the stack. Two payloads, for what one request uses up.
 */
async function sideBySideAs(name: string, headers: Record<string, string>, payloads: [unknown, unknown]) {
  const server = underDeno.get(name);
  if (!server) throw new Error(`${name} is not served under Deno`);
  const request = (payload: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
  const deno = await answer(await fetch(server.url, request(payloads[0])));
  const node = await answer(
    await fetchFrom(newClientAddress())(`${stack.url}/functions/v1/${name}`, request(payloads[1])),
  );
  return { deno, node };
}

/** An animal of the owner's with a photo, an upload without its row and the single photo: the files it has. */
async function animalWithFiles() {
  const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Éphémère' });
  const files = [
    await storePhoto(owner.client, `${animalId}/a.jpg`, { animalId }),
    await storePhoto(owner.client, `${animalId}/sans-ligne.jpg`),
    await storePhoto(owner.client, `${owner.userId}/${animalId}.jpg`),
  ];
  return { animalId, files };
}

const ownerHeaders = async () => ({
  apikey: stack.anonKey,
  authorization: `Bearer ${(await owner.client.auth.getSession()).data.session?.access_token}`,
});

/**
 * The two newest e-mails to the owner: the one each run just sent. Each run wrote its e-mail to the outbox before
 * answering and sends it after (Deno's process does so on its own time): once the owner's outbox is empty, both
 * were sent.
 */
async function lastTwoMails() {
  await expect
    .poll(
      async () => (await stack.db.query('select 1 from public.mail_outbox where recipient = $1', [owner.email])).rows,
    )
    .toEqual([]);
  const response = await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(owner.email)}`);
  const mails = (await response.json()) as { to: string; subject: string; text: string; html: string }[];
  return mails.slice(0, 2).map(({ to, subject, text, html }) => ({ to, subject, text, html }));
}

/** A tiny JPEG (its signature and a little more), base64 as the scan page sends a finder's photo. */
const SMALL_JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString(
  'base64',
);

/** The finders' photos stored (names in the finder-photos bucket). */
async function finderFiles(): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'finder-photos' order by name collate "C"`,
  );
  return rows.map((row) => row.name);
}

/** The photo paths of an animal's messages. */
async function finderPhotosOf(animalId: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ photo_path: string }>(
    'select photo_path from public.finder_messages where animal_id = $1 and photo_path is not null',
    [animalId],
  );
  return rows.map((row) => row.photo_path);
}

/** The stack's finder who shares positions: the same one twice, to meet the cooldown. */
const sharer = newClientAddress();

/** The hash that stands for a client's address in the limits, as the functions make it with the stack's secret. */
const hashOf = (address: string) =>
  clientHash(new Request(stack.url, { headers: { 'cf-connecting-ip': address } }), {
    SUPABASE_URL: stack.url,
    SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
    CLIENT_HASH_SECRET: stack.clientHashSecret,
  });
const position = { lat: 48.8566, lon: 2.3522, accuracy: 12.5, userAgent: 'Mozilla/5.0 (rehearsal)', consent: true };

describe('the functions under Deno answer as in the local stack', () => {
  it.each([
    ['a claimed code, as typed', () => ({ code: ` ${rex.code.toLowerCase()} ` }), 'claimed'],
    ['an unclaimed code', () => ({ code: unclaimed }), 'unclaimed'],
    ['an unknown code', () => ({ code: 'MDL-INCONNU-0' }), 'not_found'],
    ['a malformed code', () => ({ code: 'pas un code' }), 'not_found'],
  ])('get_public_profile: %s', async (_, payload, status) => {
    const { deno, node } = await sideBySide('get_public_profile', payload());
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({ status: 200, body: { status } });
  });

  it("get_public_profile under Deno counts the finder the shell's host vouches for, and no one a header signed otherwise names", async () => {
    const server = underDeno.get('get_public_profile')?.url as string;
    const lookUp = async (header: string) => {
      const request = scanPageRequest(stack.anonKey, { code: unclaimed });
      const headers = { ...(request.headers as Record<string, string>), [FINDER_IDENTITY_HEADER]: header };
      return (await fetch(server, { ...request, headers })).status;
    };
    // An unclaimed code is a miss, counted per address (public_profile_for_client).
    const profileHits = async (address: string) => {
      const digest = await hashOf(address);
      const { rows } = await stack.db.query<{ hits: number }>(
        'select hits from public.rate_limit_hits where bucket = $1',
        [`profile-miss:${digest}`],
      );
      return rows[0]?.hits ?? 0;
    };
    const [finder, stranger] = [newClientAddress(), newClientAddress()];
    expect(await lookUp(await signFinderIdentity(stack.finderIdentitySecret, finder))).toBe(200);
    expect(await lookUp(await signFinderIdentity('un-autre-secret-que-celui-des-fonctions', stranger))).toBe(200);
    expect(await profileHits(finder)).toBe(1);
    expect(await profileHits(stranger)).toBe(0);
  });

  it('get_public_profile: the photo URL under Deno downloads the photo', async () => {
    const { deno } = await sideBySide('get_public_profile', { code: rex.code });
    const [photo] = (deno.body as { photos: { url: string }[] }).photos;
    expect((await fetch(photo?.url ?? '')).status).toBe(200);
  });

  it('search-card: the picture of a search page’s shared link under Deno is the stack’s, byte for byte', async () => {
    const { animalId } = await stack.activatedAnimal(owner.client, { nom: 'Photo' });
    const pixels = new Uint8Array(900 * 700 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
    const image = new PhotonImage(pixels, 900, 700);
    const webp = image.get_bytes_webp() as Uint8Array<ArrayBuffer>;
    image.free();
    const path = `${animalId}/cover.webp`;
    const upload = await owner.client.storage
      .from('animal-photos')
      .upload(path, new Blob([webp], { type: 'image/webp' }));
    if (upload.error) throw upload.error;
    const { data: photo } = await owner.client
      .from('animal_photos')
      .insert({ animal_id: animalId, path, position: 0 })
      .select('id')
      .single();
    await owner.client
      .from('animals')
      .update({ cover_photo_id: (photo as { id: string }).id, is_lost: true })
      .eq('id', animalId);
    const { data: search } = await owner.client.from('searches').select('id').eq('animal_id', animalId).single();
    const query = `?id=${(search as { id: string }).id}&lang=it`;
    const read = async (response: Response) => ({
      status: response.status,
      contentType: response.headers.get('content-type'),
      cacheControl: response.headers.get('cache-control'),
      bytes: Buffer.from(await response.arrayBuffer()).toString('base64'),
    });
    const deno = await read(await fetch(`${underDeno.get('search-card')?.url}/${query}`));
    const node = await read(await fetchFrom(newClientAddress())(`${stack.url}/functions/v1/search-card${query}`));
    expect(deno.status).toBe(200);
    expect(deno).toEqual(node);
  });

  it('post_finder_message: a message with a contact, e-mailed to the owner alike', async () => {
    const { deno, node } = await sideBySide('post_finder_message', {
      code: rex.code,
      message: 'Je l’ai trouvé près du parc <b>',
      contact: '06 11 22 33 44',
      website: '',
    });
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({
      status: 200,
      body: { ok: true, conversation_url: `${SITE_URL}/conversation/{token}` },
    });
    const [fromNode, fromDeno] = await lastTwoMails();
    expect(fromDeno).toEqual(fromNode);
    expect(fromDeno?.subject).toBe('Message au sujet de Rex');
  });

  it('conversation: the finder reads their conversation through their link alike, and an unknown one is not found', async () => {
    const opened = await fetchFrom(newClientAddress())(
      `${stack.url}/functions/v1/post_finder_message`,
      scanPageRequest(stack.anonKey, { code: rex.code, message: 'I have your dog', language: 'en' }),
    );
    const link = ((await opened.json()) as { conversation_url: string }).conversation_url;
    const token = link.slice(link.lastIndexOf('/') + 1);
    const { deno, node } = await sideBySide('conversation', { token });
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({
      status: 200,
      cacheControl: 'private, no-store',
      body: {
        status: 'open',
        animal_name: 'Rex',
        language: 'en',
        messages: [{ from: 'finder', text: 'I have your dog' }],
      },
    });
    const unknown = await sideBySide('conversation', { token: '0'.repeat(64) });
    expect(unknown.deno).toEqual(unknown.node);
    expect(unknown.deno).toMatchObject({ status: 404, body: { code: 'conversation_not_found' } });
  });

  it.each([
    ['an empty message', () => ({ code: rex.code, message: '  ', contact: '', website: '' }), 400],
    ['a message too long', () => ({ code: rex.code, message: 'x'.repeat(301), contact: '', website: '' }), 400],
    ['a control character', () => ({ code: rex.code, message: 'a\u0000b', contact: '', website: '' }), 400],
    ['an unknown code', () => ({ code: 'MDL-INCONNU-0', message: 'Bonjour', contact: '', website: '' }), 404],
    ['a malformed code', () => ({ code: 'pas un code', message: 'Bonjour', contact: '', website: '' }), 404],
    ['a robot (honeypot filled)', () => ({ code: rex.code, message: 'spam', contact: '', website: 'x' }), 200],
  ])('post_finder_message: %s', async (_, payload, status) => {
    const { deno, node } = await sideBySide('post_finder_message', payload());
    expect(deno).toEqual(node);
    expect(deno.status).toBe(status);
  });

  it('post_finder_message: a message with a photo, stored in the private bucket and e-mailed alike', async () => {
    const before = await finderPhotosOf(rex.animalId);
    const { deno, node } = await sideBySide('post_finder_message', {
      code: rex.code,
      message: 'Le voici en photo',
      contact: '',
      website: '',
      photo: SMALL_JPEG,
    });
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({ status: 200, body: { ok: true } });
    const [fromNode, fromDeno] = await lastTwoMails();
    expect(fromDeno).toEqual(fromNode);
    expect(fromDeno?.text).toContain(`${SITE_URL}/mon-compte/animal/${rex.animalId}/historique`);
    const added = (await finderPhotosOf(rex.animalId)).filter((path) => !before.includes(path));
    expect(added).toHaveLength(2);
    for (const path of added) {
      const { data } = await owner.client.storage.from('finder-photos').download(path);
      expect(Buffer.from(await (data as Blob).arrayBuffer()).toString('base64')).toBe(SMALL_JPEG);
    }
  });

  it.each([
    ['a GIF', () => Buffer.from('GIF89a-------').toString('base64'), 400, 'photo_type'],
    ['a photo over 700 KB', () => Buffer.alloc(700 * 1024 + 3, 0xff).toString('base64'), 400, 'photo_too_large'],
  ])('post_finder_message: %s is refused alike, and nothing stored', async (_, photo, status, code) => {
    const files = await finderFiles();
    const { deno, node } = await sideBySide('post_finder_message', {
      code: rex.code,
      message: 'Refusé',
      contact: '',
      website: '',
      photo: photo(),
    });
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({ status, body: { code } });
    expect(await finderFiles()).toEqual(files);
  });

  it('post_finder_message under Deno: a tenth photo from one client in a day is refused, and nothing stored', async () => {
    // The Deno run sees every request from 127.0.0.1: its client's photos so far are counted under its hash.
    const digest = await hashOf('127.0.0.1');
    const { rows } = await stack.db.query<{ hits: number }>(
      'select hits from public.rate_limit_hits where bucket = $1',
      [`finder-photo:${digest}`],
    );
    const already = rows[0]?.hits ?? 0;
    const animals = [
      await stack.activatedAnimal(owner.client, { nom: 'Un' }),
      await stack.activatedAnimal(owner.client, { nom: 'Deux' }),
      await stack.activatedAnimal(owner.client, { nom: 'Trois' }),
    ];
    const server = underDeno.get('post_finder_message')?.url as string;
    const send = (code: string, message: string) =>
      fetch(server, scanPageRequest(stack.anonKey, { code, message, photo: SMALL_JPEG })).then(answer);
    for (let i = already; i < 9; i += 1) {
      expect((await send(animals[i % 3]?.code as string, `photo ${i}`)).status).toBe(200);
    }
    const files = await finderFiles();
    const tenth = await send(animals[1]?.code as string, 'la dixième');
    expect(tenth).toMatchObject({ status: 429, retryAfter: '86400', body: { code: 'photo_rate_limited' } });
    expect(await finderFiles()).toEqual(files);
  });

  it('delete-animal under Deno removes the finders’ photos of the animal', async () => {
    const gone = await stack.activatedAnimal(owner.client, { nom: 'Parti' });
    // Sent through the stack (the Deno run's client has used its photos above), by two finders.
    for (const message of ['un', 'deux']) {
      await fetchFrom(newClientAddress())(
        `${stack.url}/functions/v1/post_finder_message`,
        scanPageRequest(stack.anonKey, { code: gone.code, message, photo: SMALL_JPEG }),
      );
    }
    expect(await finderPhotosOf(gone.animalId)).toHaveLength(2);
    const files = (await finderFiles()).filter((name) => name.startsWith(`${gone.animalId}/`));
    expect(files).toHaveLength(2);
    const response = await fetch(underDeno.get('delete-animal')?.url as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await ownerHeaders()) },
      body: JSON.stringify({ animal_id: gone.animalId }),
    });
    expect(response.status).toBe(200);
    expect((await finderFiles()).filter((name) => name.startsWith(`${gone.animalId}/`))).toEqual([]);
  });

  it('record-scan: a shared position, e-mailed to the owner alike', async () => {
    const { deno, node } = await sideBySide('record-scan', { codeId: rex.code, ...position }, sharer);
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({ status: 200, body: { ok: true } });
    const [fromNode, fromDeno] = await lastTwoMails();
    expect(fromDeno).toEqual(fromNode);
    expect(fromDeno?.subject).toBe('Position partagée pour Rex');
  });

  it.each([
    ['without consent', () => ({ codeId: rex.code, ...position, consent: false }), 400],
    ['an impossible position', () => ({ codeId: rex.code, ...position, lat: 91 }), 400],
    ['a negative accuracy', () => ({ codeId: rex.code, ...position, accuracy: -1 }), 400],
    ['an unknown code', () => ({ codeId: 'MDL-INCONNU-0', ...position }), 404],
    ['a malformed code', () => ({ codeId: 'pas un code', ...position }), 404],
  ])('record-scan: %s', async (_, payload, status) => {
    const { deno, node } = await sideBySide('record-scan', payload());
    expect(deno).toEqual(node);
    expect(deno.status).toBe(status);
  });

  it('record-scan: a second position from the same client within 2 minutes waits', async () => {
    const { deno, node } = await sideBySide('record-scan', { codeId: rex.code, ...position }, sharer);
    // Retry-After alone may differ: the seconds left of each client's own cooldown, which began with its
    // own first share, a moment apart.
    expect({ ...deno, retryAfter: null }).toEqual({ ...node, retryAfter: null });
    expect(deno).toMatchObject({ status: 429, body: { code: 'scan_cooldown' } });
    for (const { retryAfter } of [deno, node]) expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('delete-animal: the owner deletes an animal, and its files are removed through Storage alike', async () => {
    const [first, second] = [await animalWithFiles(), await animalWithFiles()];
    const { deno, node } = await sideBySideAs('delete-animal', await ownerHeaders(), [
      { animal_id: first.animalId },
      { animal_id: second.animalId },
    ]);
    expect(deno).toEqual(node);
    expect(deno).toMatchObject({ status: 200, body: { deleted: true } });
    const { data: left } = await stack
      .serviceClient()
      .from('animals')
      .select('id')
      .in('id', [first.animalId, second.animalId]);
    expect(left).toEqual([]);
    expect(await storedOf(stack, [...first.files, ...second.files])).toEqual([]);
  });

  it.each([
    ['someone else’s animal', async () => ({ animal_id: rex.animalId }), 'other', 404],
    ['an unknown animal', async () => ({ animal_id: crypto.randomUUID() }), 'owner', 404],
    ['no animal id', async () => ({}), 'owner', 400],
    ['the anon key alone', async () => ({ animal_id: rex.animalId }), 'anon', 401],
  ] as const)('delete-animal: %s', async (_, payload, caller, status) => {
    const headers =
      caller === 'anon'
        ? { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` }
        : caller === 'owner'
          ? await ownerHeaders()
          : { apikey: stack.anonKey, authorization: `Bearer ${await otherOwnerToken()}` };
    const { deno, node } = await sideBySideAs('delete-animal', headers, [await payload(), await payload()]);
    expect(deno).toEqual(node);
    expect(deno.status).toBe(status);
  });

  it('delete-account: an owner deletes their account, its rows, files and user (GoTrue’s admin API) alike', async () => {
    const answers = [];
    for (const url of [underDeno.get('delete-account')?.url as string, `${stack.url}/functions/v1/delete-account`]) {
      const leaving = await stack.signedInOwner('rehearsal-leaving');
      const { animalId } = await stack.activatedAnimal(leaving.client, { nom: 'Adieu' });
      const files = [
        await storePhoto(leaving.client, `${animalId}/a.jpg`, { animalId }),
        await storePhoto(leaving.client, `${leaving.userId}/${animalId}.jpg`),
      ];
      const token = (await leaving.client.auth.getSession()).data.session?.access_token;
      const response = await fetchFrom(newClientAddress())(url, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: leaving.email }),
      });
      answers.push(await answer(response));
      const { rows } = await stack.db.query('select id from auth.users where id = $1', [leaving.userId]);
      expect({ users: rows, files: await storedOf(stack, files) }).toEqual({ users: [], files: [] });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 200, body: { deleted: true } });
  });

  it('sweep-photos: the service role’s key removes aged orphans through Storage under Deno as in the stack', async () => {
    const denoUrl = underDeno.get('sweep-photos')?.url as string;
    for (const url of [denoUrl, `${stack.url}/functions/v1/sweep-photos`]) {
      const { animalId, files } = await animalWithFiles();
      await age(stack, files);
      const response = await fetch(url, {
        method: 'POST',
        headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect({ status: response.status, contentType: response.headers.get('content-type') }).toEqual({
        status: 200,
        contentType: 'application/json; charset=utf-8',
      });
      expect(await storedOf(stack, files)).toEqual([`${animalId}/a.jpg`, `${owner.userId}/${animalId}.jpg`].sort());
    }
  });

  it.each([
    ['the anon key', () => Promise.resolve({ apikey: stack.anonKey }), 401],
    ['an owner', ownerHeaders, 403],
  ])('sweep-photos: refused to %s alike', async (_, headers, status) => {
    const { deno, node } = await sideBySideAs('sweep-photos', await headers(), [{}, {}]);
    expect(deno).toEqual(node);
    expect(deno.status).toBe(status);
  });
});

let otherToken: string | undefined;
/** Another owner's access token, made once. */
async function otherOwnerToken() {
  otherToken ??= (await (await stack.signedInOwner('rehearsal-other')).client.auth.getSession()).data.session
    ?.access_token;
  return otherToken as string;
}

describe('under Deno, a mail provider that is down delays the owner’s e-mail and fails nothing', () => {
  const mailboxFails = async (failing: boolean) => {
    const response = await fetch(`${stack.url}/mailbox/api/outage`, {
      method: 'PUT',
      headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ failing }),
    });
    expect(response.status).toBe(200);
  };
  const mailsAbout = async (name: string) => {
    const response = await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(owner.email)}`);
    const mails = (await response.json()) as { subject: string }[];
    return mails.filter((mail) => mail.subject === `Message au sujet de ${name}`);
  };
  const outboxAbout = async (name: string) =>
    (
      await stack.db.query('select id from public.mail_outbox where recipient = $1 and subject = $2', [
        owner.email,
        `Message au sujet de ${name}`,
      ])
    ).rows;

  it('post_finder_message answers 200 and stores the message once; deliver-outbox sends its e-mail once, though run twice at once', async () => {
    const { animalId, code } = await stack.activatedAnimal(owner.client, { nom: 'Orage' });
    await mailboxFails(true);
    try {
      const sent = await answer(
        await fetch(
          underDeno.get('post_finder_message')?.url as string,
          scanPageRequest(stack.anonKey, { code, message: 'Sous la pluie', contact: '', website: '' }),
        ),
      );
      expect(sent).toMatchObject({ status: 200, body: { ok: true } });
      // Its first attempt, after the answer, in Deno's process: ended once it recorded the provider's refusal.
      await expect
        .poll(async () =>
          (
            await stack.db.query<{ last_error: string | null }>(
              'select last_error from public.mail_outbox where recipient = $1 and subject = $2',
              [owner.email, 'Message au sujet de Orage'],
            )
          ).rows.map((row) => row.last_error !== null),
        )
        .toEqual([true]);
    } finally {
      await mailboxFails(false);
    }
    const { rows } = await stack.db.query('select message from public.finder_messages where animal_id = $1', [
      animalId,
    ]);
    expect(rows).toEqual([{ message: 'Sous la pluie' }]);
    expect(await mailsAbout('Orage')).toEqual([]);
    expect(await outboxAbout('Orage')).toHaveLength(1);

    // The backoff's minute gone by; then pg_cron's call, twice at once.
    await stack.db.query('update public.mail_outbox set next_attempt_at = now() where recipient = $1', [owner.email]);
    const retrier = underDeno.get('deliver-outbox')?.url as string;
    const runs = await Promise.all(
      [1, 2].map(() =>
        fetch(retrier, {
          method: 'POST',
          headers: { apikey: stack.secretKey, 'content-type': 'application/json' },
          body: '{}',
        }),
      ),
    );
    expect(runs.map((run) => run.status)).toEqual([200, 200]);
    expect(await mailsAbout('Orage')).toHaveLength(1);
    expect(await outboxAbout('Orage')).toEqual([]);
  });
});
