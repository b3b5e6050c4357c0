import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newEmail, newTestDatabase, pressEmailLink, type TestDatabaseCopy } from '../src/testing.ts';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface StackProcess {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  startupMs: number;
}

/** Starts `pnpm stack` as a user would, as its own process, and waits for its ready message. */
async function startProcess(env: Record<string, string>): Promise<StackProcess> {
  // A port of its own at each start: a killed stack's port may be taken by a parallel test meanwhile.
  const port = String(await freePort());
  // One process, as `pnpm stack` runs it, so that a kill reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...env, STACK_PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack did not start:\n${output}`)), 60_000);
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const ready =
        /ready in (\d+) ms[\s\S]*API URL:\s+(\S+)[\s\S]*anon key:\s+(\S+)[\s\S]*service_role key:\s+(\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({
          child,
          url: ready[2] as string,
          anonKey: ready[3] as string,
          serviceRoleKey: ready[4] as string,
          startupMs: Number(ready[1]),
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`the stack exited with ${code}:\n${output}`)));
  });
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

let dataDir: string;
let database: TestDatabaseCopy | undefined;
let env: Record<string, string>;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'medaille-durability-'));
  // A database of its own, prepared as a first start leaves one: what the test restarts and kills is the stack.
  database = await newTestDatabase(dataDir);
  env = { DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' };
});
afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the stack as a process', () => {
  it('keeps accounts, animals and photos across a clean stop and a kill -9', async () => {
    const options = {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    };
    const email = newEmail('durable');
    const password = 'mot-de-passe-1';

    let stack = await startProcess(env);
    const client = createClient(stack.url, stack.anonKey, options);
    await client.auth.signUp({ email, password });
    const mails = (await (await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
      links: string[];
    }[];
    await pressEmailLink(stack.url, stack.anonKey, mails[0]?.links[0] as string);
    await client.auth.signInWithPassword({ email, password });
    const { data: activation } = await client.rpc('register_animal_with_code', {
      p_code: 'MDL-DEMO-FREE1',
      p_animal: { nom: 'Durable' },
    });
    expect(activation.success).toBe(true);
    const path = `${activation.animal_id}/photo.jpg`;
    const upload = await client.storage
      .from('animal-photos')
      .upload(path, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 7])], { type: 'image/jpeg' }));
    expect(upload.error).toBeNull();

    // A clean stop (Ctrl-C), then a hard kill right after another write.
    stack.child.kill('SIGINT');
    expect(await exited(stack.child)).toBe(0);
    stack = await startProcess(env);
    const again = createClient(stack.url, stack.anonKey, options);
    await again.auth.signInWithPassword({ email, password });
    await again.from('animals').update({ couleur: 'Roux' }).eq('id', activation.animal_id);
    stack.child.kill('SIGKILL');
    await exited(stack.child);

    stack = await startProcess(env);
    try {
      const after = createClient(stack.url, stack.anonKey, options);
      const signIn = await after.auth.signInWithPassword({ email, password });
      expect(signIn.error).toBeNull();
      const animal = await after
        .from('animals')
        .select('nom, couleur, codes(id)')
        .eq('id', activation.animal_id)
        .single();
      expect(animal.data).toEqual({ nom: 'Durable', couleur: 'Roux', codes: { id: 'MDL-DEMO-FREE1' } });
      const photo = await fetch(after.storage.from('animal-photos').getPublicUrl(path).data.publicUrl);
      expect([...new Uint8Array(await photo.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 7]);
      // Figures for the closing note: a start on an existing database.
      console.log(`warm start on an existing database: ${stack.startupMs} ms`);
    } finally {
      stack.child.kill('SIGINT');
      await exited(stack.child);
    }
  });
});

describe('a kill -9 in the middle of activations with photos', () => {
  const options = {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  };
  const jpeg = (n: number) => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, n % 256, 7])], { type: 'image/jpeg' });

  /** What the portal does for one activation: claim the code, then each photo's upload and row. */
  async function activateWithPhotos(stack: StackProcess, owner: SupabaseClient, prefix: string, n: number) {
    const service = createClient(stack.url, stack.serviceRoleKey, options);
    const code = `${prefix}-${n}`;
    await service.from('codes').insert({ id: code });
    const { data } = await owner.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: `Crash ${n}` } });
    if (!data?.success) throw new Error('activation refused');
    for (let i = 0; i < 3; i += 1) {
      const path = `${data.animal_id}/${i}.jpg`;
      const upload = await owner.storage.from('animal-photos').upload(path, jpeg(i));
      if (upload.error) throw upload.error;
      const row = await owner.from('animal_photos').insert({ animal_id: data.animal_id, path, position: i });
      if (row.error) throw row.error;
    }
  }

  it('leaves every activation whole or absent, and no stored file without its row, over 3 kills', async () => {
    const email = newEmail('crash');
    const password = 'mot-de-passe-1';
    const prefix = `MDL-CRASH-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    let stack = await startProcess(env);
    const first = createClient(stack.url, stack.anonKey, options);
    await first.auth.signUp({ email, password });
    const [mail] = (await (
      await fetch(`${stack.url}/mailbox/api/messages?to=${encodeURIComponent(email)}`)
    ).json()) as {
      links: string[];
    }[];
    await pressEmailLink(stack.url, stack.anonKey, mail?.links[0] as string);

    let n = 0;
    for (const killAfterMs of [150, 400, 900]) {
      const owner = createClient(stack.url, stack.anonKey, options);
      await owner.auth.signInWithPassword({ email, password });
      const work = (async () => {
        for (;;) await activateWithPhotos(stack, owner, prefix, n++);
      })().catch(() => undefined); // the kill cuts it short
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      stack.child.kill('SIGKILL');
      await exited(stack.child);
      await work;
      stack = await startProcess(env);
    }

    try {
      const service = createClient(stack.url, stack.serviceRoleKey, options);
      const { data: codes } = await service.from('codes').select('id, used, animal_id').like('id', `${prefix}-%`);
      const { data: animals } = await service
        .from('animals')
        .select('id, codes(id), animal_photos(path)')
        .like('nom', 'Crash %');
      expect(n).toBeGreaterThan(3);
      // The claim is one transaction: a used code has its animal, an animal its code.
      expect((codes ?? []).filter((code) => code.used !== (code.animal_id !== null))).toEqual([]);
      expect((animals ?? []).filter((animal) => !animal.codes)).toEqual([]);

      const folder = join(env.DATA_DIR as string, 'storage', 'animal-photos');
      let filesWithoutPhotoRow = 0;
      for (const animal of animals ?? []) {
        const { data: objects } = await service.storage.from('animal-photos').list(animal.id);
        const stored = (objects ?? []).map((object) => `${animal.id}/${object.name}`).sort();
        const onDisk = (await readdir(join(folder, animal.id)).catch(() => [])).map((name) => `${animal.id}/${name}`);
        // Storage: every row has its bytes, and no bytes are without a row.
        expect(onDisk.sort()).toEqual(stored);
        for (const path of stored) {
          const download = await service.storage.from('animal-photos').download(path);
          expect(download.error).toBeNull();
        }
        // Every photo row has its stored file.
        const photos = (animal.animal_photos as { path: string }[]).map((photo) => photo.path);
        expect(stored).toEqual(expect.arrayContaining(photos));
        filesWithoutPhotoRow += stored.length - photos.length;
      }
      // At most the one upload each kill cut between its file and its photo row (the portal's step that
      // the sweep-photos function cleans); never a file the stack itself half-wrote.
      expect(filesWithoutPhotoRow).toBeLessThanOrEqual(3);
      expect(await readdir(join(env.DATA_DIR as string, 'storage', '~staging')).catch(() => [])).toEqual([]);
    } finally {
      stack.child.kill('SIGINT');
      await exited(stack.child);
    }
  });
});
