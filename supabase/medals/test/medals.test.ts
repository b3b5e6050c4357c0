// `pnpm medals` against a real local stack: the codes in the database, and the printed sheet read back
// the way a phone would (every page rendered by MuPDF, every QR code decoded by jsQR).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMintedCode } from '@medaille/domain';
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDALS_PER_PAGE, qrBoxOf, runMedals } from '../src/medals.ts';

let stack: TestStack;
let dir: string;
const SITE = 'https://medaille.example';
/** Batch names of this run: the tests own their data, even on a PostgreSQL that other runs share. */
const RUN = crypto.randomUUID().slice(0, 8);
const batch = (name: string) => `${name}-${RUN}`;

beforeAll(async () => {
  stack = await startTestStack();
  dir = await mkdtemp(join(tmpdir(), 'medals-'));
});
afterAll(async () => {
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The tool as an operator runs it: against this stack's port, with the stack's own keys by default. */
async function medals(args: string[], env: NodeJS.ProcessEnv = { STACK_PORT: String(new URL(stack.url).port) }) {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runMedals(
    args,
    { PUBLIC_SITE_URL: SITE, ...env },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      cwd: dir,
    },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
}

async function storedCodes(batch: string) {
  const { data, error } = await stack.serviceClient().from('codes').select('id, batch, used').eq('batch', batch);
  if (error) throw error;
  return data;
}

function readCsv(text: string) {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  expect(header).toBe('code,url,batch,created_at');
  return lines.map((line) => line.split(','));
}

/** Each page rendered at 300 dpi, each medal's QR square cut out and decoded, as a phone's camera would. */
function decodeSheet(pdf: Buffer, count: number): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const scale = 300 / 72;
  const decoded: string[] = [];
  for (let pageIndex = 0; pageIndex < doc.countPages(); pageIndex += 1) {
    const pixmap = doc
      .loadPage(pageIndex)
      .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const width = pixmap.getWidth();
    const rgb = pixmap.getPixels();
    for (
      let index = pageIndex * MEDALS_PER_PAGE;
      index < Math.min(count, (pageIndex + 1) * MEDALS_PER_PAGE);
      index += 1
    ) {
      const box = qrBoxOf(index);
      const px = (mm: number) => Math.round((mm * 72 * scale) / 25.4);
      const [left, top, side] = [px(box.x), px(box.y), px(box.size)];
      const rgba = new Uint8ClampedArray(side * side * 4);
      for (let y = 0; y < side; y += 1) {
        for (let x = 0; x < side; x += 1) {
          const from = ((top + y) * width + left + x) * 3;
          rgba.set([rgb[from] ?? 255, rgb[from + 1] ?? 255, rgb[from + 2] ?? 255, 255], (y * side + x) * 4);
        }
      }
      decoded.push(jsQR(rgba, side, side)?.data ?? `unreadable #${index}`);
    }
  }
  return decoded;
}

describe('pnpm medals mint', () => {
  it('creates the codes, a sheet whose every QR code decodes to its page, and the CSV', async () => {
    const count = MEDALS_PER_PAGE + 5;
    const run = await medals([
      'mint',
      '--count',
      String(count),
      '--batch',
      batch('lot, essai "1"'),
      '--out',
      'lot1.pdf',
    ]);
    expect(run).toMatchObject({ status: 0, err: '' });
    const rows = readCsv(await readFile(join(dir, 'lot1.csv'), 'utf8'));
    expect(rows).toHaveLength(count);
    const codes = rows.map(([code]) => code ?? '');
    expect(new Set(codes).size).toBe(count);
    for (const code of codes) expect(isMintedCode(code), code).toBe(true);

    const stored = await storedCodes(batch('lot, essai "1"'));
    expect(stored.map((row) => row.id).sort()).toEqual([...codes].sort());
    expect(stored.every((row) => !row.used)).toBe(true);

    const pdf = await readFile(join(dir, 'lot1.pdf'));
    expect(decodeSheet(pdf, count)).toEqual(codes.map((code) => `${SITE}/${code}`));
    // The code in clear under each QR code, as the scan page shows it.
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const text = [0, 1].map((page) => doc.loadPage(page).toStructuredText('preserve-whitespace').asText()).join('\n');
    for (const code of codes) expect(text).toContain(code);
  });

  it('never hands out a code twice', async () => {
    await medals(['mint', '--count', '200', '--batch', batch('lot-a'), '--out', 'a.pdf']);
    await medals(['mint', '--count', '200', '--batch', batch('lot-b'), '--out', 'b.pdf']);
    const a = (await storedCodes(batch('lot-a'))).map((row) => row.id);
    const b = new Set((await storedCodes(batch('lot-b'))).map((row) => row.id));
    expect(a).toHaveLength(200);
    expect(b.size).toBe(200);
    expect(a.filter((code) => b.has(code))).toEqual([]);
  });

  it('takes a prefix of its own', async () => {
    const run = await medals([
      'mint',
      '--count',
      '2',
      '--prefix',
      'mdl-chat',
      '--batch',
      batch('chats'),
      '--out',
      'chats.pdf',
    ]);
    expect(run.status).toBe(0);
    for (const row of await storedCodes(batch('chats'))) expect(row.id).toMatch(/^MDL-CHAT-\w{4}-\w{4}-\w{2}$/);
  });

  it.each([
    [['mint', '--batch', batch('refused')], '--count'],
    [['mint', '--batch', batch('refused'), '--count', '0'], '--count'],
    [['mint', '--batch', batch('refused'), '--count', 'dix'], '--count'],
    [['mint', '--batch', batch('refused'), '--count', '10001'], '--count'],
    [['mint', '--batch', batch('refused'), '--count', '3', '--prefix', 'ABC'], '--prefix'],
    [['mint', '--batch', batch('refused'), '--count', '3', '--out', 'sheet.txt'], '.pdf'],
    [['mint', '--batch', batch('refused'), '--count', '3', '--colour', 'red'], "Unknown option '--colour'"],
    [['print', '--batch', batch('refused')], 'Unknown command: print'],
  ])('refuses %j with a clear line and writes nothing', async (args, message) => {
    const filesBefore = await readdir(dir);
    const run = await medals(args);
    expect(run.status).toBe(1);
    expect(run.err).toContain(message);
    expect(await readdir(dir)).toEqual(filesBefore);
    expect(await storedCodes(batch('refused'))).toEqual([]);
  });

  it('refuses without a service role key for a hosted project, and writes nothing', async () => {
    const run = await medals(['mint', '--count', '3', '--batch', batch('sans-cle'), '--out', 'sans-cle.pdf'], {
      SUPABASE_URL: stack.url,
    });
    expect(run.status).toBe(1);
    expect(run.err).toContain('SUPABASE_SERVICE_ROLE_KEY is not set');
    expect(await readdir(dir)).not.toContain('sans-cle.pdf');
    expect(await storedCodes(batch('sans-cle'))).toEqual([]);
  });

  it('refuses with an anon key instead of the service role, and writes nothing', async () => {
    const run = await medals(['mint', '--count', '3', '--batch', batch('anon'), '--out', 'anon.pdf'], {
      SUPABASE_URL: stack.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.anonKey,
    });
    expect(run.status).toBe(1);
    expect(run.err).toContain('refused mint_medal_codes');
    expect(await storedCodes(batch('anon'))).toEqual([]);
  });

  it.each([
    'http://127.0.0.1:3000',
    'http://localhost:3000',
    'http://medaille.localhost',
    'http://[::1]:3000',
    'http://192.168.1.20:3000',
    'http://10.0.0.5',
    'http://imprimante.local',
  ])('refuses to print QR codes to the local address %s unless told --local-site, and writes nothing', async (site) => {
    const env = { STACK_PORT: String(new URL(stack.url).port), PUBLIC_SITE_URL: site };
    const name = batch(`local-${new URL(site).hostname.replace(/\W+/g, '')}`);
    const filesBefore = await readdir(dir);
    const refused = await medals(['mint', '--count', '1', '--batch', name, '--out', 'local.pdf'], env);
    expect(refused.status).toBe(1);
    expect(refused.err).toContain(`QR codes would lead to ${new URL(site).href.replace(/\/$/, '')}`);
    expect(refused.err).toContain('PUBLIC_SITE_URL');
    expect(refused.err).toContain('--local-site');
    expect(await readdir(dir)).toEqual(filesBefore);
    expect(await storedCodes(name)).toEqual([]);

    const trial = await medals(['mint', '--count', '1', '--batch', name, '--out', 'local.pdf', '--local-site'], env);
    expect(trial.status).toBe(0);
    expect(trial.err).toContain('WARNING');
    expect(await storedCodes(name)).toHaveLength(1);
  });

  it('says when the backend does not answer', async () => {
    const run = await medals(['show', 'MDL-DEMO-REX'], { STACK_PORT: '9' });
    expect(run.status).toBe(1);
    expect(run.err).toContain('Cannot reach http://127.0.0.1:9');
  });
});

describe('pnpm medals suspend, resume, show', () => {
  it('suspends a code with its reason, shows it without any owner data, and resumes it', async () => {
    await medals(['mint', '--count', '1', '--batch', batch('suspension'), '--out', 'suspension.pdf']);
    const [row] = await storedCodes(batch('suspension'));
    const code = row?.id ?? '';

    // Typed as a finder or operator would read it.
    const typed = code.toLowerCase().replaceAll('-', ' ');
    expect(await medals(['suspend', typed, '--reason', 'lot volé'])).toMatchObject({ status: 0 });
    const shown = await medals(['show', code]);
    expect(shown.out).toContain(`${code}: suspended`);
    expect(shown.out).toContain(`batch:   ${batch('suspension')}`);
    expect(shown.out).toContain('animal:  no');
    expect(shown.out).toContain('by the operator: lot volé');
    const profile = await stack.client().functions.invoke('get_public_profile', { body: { code } });
    expect(profile.data).toEqual({ status: 'suspended', code });

    expect((await medals(['resume', code])).out).toContain(`${code}: free`);
    expect((await stack.client().rpc('code_status', { p_code: code })).data).toBe('free');
  });

  it("says that an activated medal's owner is told by e-mail, without the reason", async () => {
    await medals(['mint', '--count', '1', '--batch', batch('told'), '--out', 'told.pdf']);
    const [row] = await storedCodes(batch('told'));
    const code = row?.id ?? '';
    const owner = await stack.signedInOwner('told');
    const activated = await owner.client.rpc('register_animal_with_code', { p_code: code, p_animal: { nom: 'Filou' } });
    expect(activated.error).toBeNull();
    const suspended = await medals(['suspend', code, '--reason', 'lot volé']);
    expect(suspended.out).toContain(`${code}'s owner is told by e-mail at deliver-outbox's next run`);
    // A free code has no owner to tell.
    await medals(['mint', '--count', '1', '--batch', batch('untold'), '--out', 'untold.pdf']);
    const [free] = await storedCodes(batch('untold'));
    expect((await medals(['suspend', free?.id ?? ''])).out).not.toContain('told by e-mail');
  });

  it('suspends a suspended code no further: the first reason stays, and the operator is told', async () => {
    await medals(['mint', '--count', '1', '--batch', batch('twice'), '--out', 'twice.pdf']);
    const code = (await storedCodes(batch('twice')))[0]?.id ?? '';
    const first = await medals(['suspend', code, '--reason', 'lot volé']);
    expect(first.out).not.toContain('nothing changed');
    const firstShown = (await medals(['show', code])).out;

    const again = await medals(['suspend', code]);
    expect(again.status).toBe(0);
    expect(again.out).toContain(`${code} was already suspended: nothing changed.`);
    expect((await medals(['suspend', code, '--reason', 'autre'])).out).toContain(
      'nothing changed (to give another reason',
    );
    expect(again.out).toContain('by the operator: lot volé');
    expect((await medals(['show', code])).out).toBe(firstShown);

    expect((await medals(['resume', code])).out).not.toContain('nothing changed');
    const resumedAgain = await medals(['resume', code]);
    expect(resumedAgain.out).toContain(`${code} was not suspended: nothing changed.`);
    expect(resumedAgain.out).toContain(`${code}: free`);
  });

  it('shows a medal whose animal was deleted as retired, not activated', async () => {
    await medals(['mint', '--count', '1', '--batch', batch('retired'), '--out', 'retired.pdf']);
    const code = (await storedCodes(batch('retired')))[0]?.id ?? '';
    // What deleting an account leaves: the code stays used, without an animal.
    const { error } = await stack.serviceClient().from('codes').update({ used: true }).eq('id', code);
    expect(error).toBeNull();
    const shown = await medals(['show', code]);
    expect(shown.out).toContain(`${code}: retired`);
    expect(shown.out).toContain('animal:  no');
    const profile = await stack.client().functions.invoke('get_public_profile', { body: { code } });
    expect(profile.data).toEqual({ status: 'retired', code });
  });

  it('shows an activated code without a word of its owner', async () => {
    const shown = await medals(['show', 'MDL-DEMO-REX']);
    expect(shown.out).toContain('MDL-DEMO-REX: activated');
    expect(shown.out).toContain('animal:  yes');
    expect(shown.out).not.toContain('@');
    expect(shown.out).not.toContain('Rex\n');
  });

  it('answers a code that does not exist, and one that is not a code', async () => {
    expect(await medals(['show', 'MDL-JAMAIS-VU'])).toMatchObject({ status: 1, err: 'No such code: MDL-JAMAIS-VU' });
    expect(await medals(['suspend', '<script>'])).toMatchObject({ status: 1, err: 'Not a medal code: <script>' });
    expect(await medals(['resume', 'MDL-DEMO-REX', '--reason', 'x'])).toMatchObject({ status: 1 });
  });
});

describe('pnpm medals stats', () => {
  it('gives the reunions, the time from lost to found and how finders reached the households, without anyone', async () => {
    const owner = await stack.signedInOwner('stats');
    const service = stack.serviceClient();
    for (const [nom, hours, channel] of [
      ['Noisette', 10, 'phone'],
      ['Caramel', 30, null],
    ] as const) {
      const { animalId } = await stack.activatedAnimal(owner.client, { nom });
      await owner.client.from('animals').update({ is_lost: true }).eq('id', animalId);
      const lostSince = new Date(Date.now() - hours * 3600 * 1000).toISOString();
      expect((await service.from('animals').update({ lost_since: lostSince }).eq('id', animalId)).error).toBeNull();
      expect((await owner.client.from('animals').update({ is_lost: false }).eq('id', animalId)).error).toBeNull();
      if (channel) await owner.client.rpc('set_reunion_channel', { p_animal_id: animalId, p_channel: channel });
    }

    const { status, out } = await medals(['stats']);
    expect(status).toBe(0);
    expect(out).toBe(
      [
        'Reunions: 2',
        '  lost to found: median 20 h, mean 20 h',
        '  how the finder reached the household:',
        "    the medal's page    0  0 %",
        '    a conversation      0  0 %',
        '    a phone call        1  50 %',
        '    otherwise           0  0 %',
        '    not said            1  50 %',
      ].join('\n'),
    );
    expect(out).not.toContain(owner.email);
    expect(out).not.toContain('Noisette');

    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await medals(['stats', '--since', tomorrow])).out).toContain(`Reunions since ${tomorrow}: 0`);
    expect(await medals(['stats', '--since', '2026-02-30'])).toMatchObject({
      status: 1,
      err: 'Not a day (YYYY-MM-DD): 2026-02-30',
    });
  });
});

describe('pnpm medals status', () => {
  // A stack of its own: the figures are the whole database's.
  let own: TestStack;
  beforeAll(async () => {
    own = await startTestStack();
  });
  afterAll(() => own?.close());
  const status = (args: string[] = []) => medals(['status', ...args], { STACK_PORT: String(new URL(own.url).port) });
  const mailboxFails = (failing: boolean) =>
    fetch(`${own.url}/mailbox/api/outage`, {
      method: 'PUT',
      headers: { apikey: own.secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ failing }),
    });
  const finderCalls = (name: string, body: unknown) =>
    fetch(`${own.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: own.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const runSchedule = (name: string) =>
    fetch(`${own.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: own.secretKey, 'content-type': 'application/json' },
      body: '{}',
    });

  it('shows the outbox, the schedules and the last hour, and exits 2 once something waits too long', async () => {
    const quiet = await status();
    expect(quiet.status).toBe(0);
    expect(quiet.out).toContain('e-mails waiting: 0');
    expect(quiet.out).toContain('pushes failing:  0');
    expect(quiet.out).toMatch(/deliver-outbox\s+never ran \(while anything is due\)/);
    expect(quiet.out).toContain('0 medal pages opened (each finder and medal once), 0 messages');
    expect(quiet.out).toContain('0 sightings reported as abusive by a household');
    expect(quiet.out).toContain('Nothing waits too long.');

    // A finder reads a medal's page and writes while the mail provider is down: the e-mail waits.
    const owner = await own.signedInOwner('status');
    const { code } = await own.activatedAnimal(owner.client, { nom: 'Rex' });
    expect((await mailboxFails(true)).status).toBe(200);
    expect((await finderCalls('get_public_profile', { code })).status).toBe(200);
    expect((await finderCalls('post_finder_message', { code, message: 'Il est au parc' })).status).toBe(200);
    expect((await mailboxFails(false)).status).toBe(200);
    const waiting = await status();
    expect(waiting.status).toBe(0);
    expect(waiting.out).toMatch(/e-mails waiting: 1 \(oldest written \d+ s ago\)/);
    expect(waiting.out).toContain('1 medal pages opened (each finder and medal once), 1 messages');

    // Due for 11 minutes, and nobody came for it: deliver-outbox is not running.
    await own.db.query("update public.mail_outbox set next_attempt_at = now() - interval '11 minutes'");
    const late = await status();
    expect(late.status).toBe(2);
    expect(late.out).toContain('1 due, the oldest for 11 min');
    expect(late.out).toContain('LATE: e-mails due for over 10 minutes: deliver-outbox is not called or fails');

    // deliver-outbox's run sends it and records itself; then the photo sweep is found never run in 8 hours.
    expect((await runSchedule('deliver-outbox')).status).toBe(200);
    const delivered = await status();
    expect(delivered.status).toBe(0);
    expect(delivered.out).toContain('e-mails waiting: 0');
    expect(delivered.out).toMatch(/deliver-outbox\s+last ran \d+ s ago \(while anything is due\) \{"sent":1,/);
    await own.db.query(
      "update private.schedule_runs set expected_since = now() - interval '8 hours' where name = 'sweep-photos'",
    );
    const stopped = await status(['--json']);
    expect(stopped.status).toBe(2);
    const figures = JSON.parse(stopped.out) as { late: string[]; schedules: { name: string; late: boolean }[] };
    expect(figures.late).toEqual(['schedule:sweep-photos']);
    expect(figures.schedules.find((schedule) => schedule.name === 'sweep-photos')?.late).toBe(true);
    expect((await status()).out).toContain('LATE: sweep-photos has not run for over an hour past its interval');

    // Its run puts it right.
    expect((await runSchedule('sweep-photos')).status).toBe(200);
    expect((await status()).status).toBe(0);
  });

  it('with the secret key on a hosted project, and refused with the publishable key', async () => {
    const hosted = await medals(['status'], { SUPABASE_URL: own.url, SUPABASE_SECRET_KEY: own.secretKey });
    expect(hosted.status).toBe(0);
    expect(hosted.out).toContain(`${own.url} at `);
    const refused = await medals(['status'], { SUPABASE_URL: own.url, SUPABASE_SECRET_KEY: own.publishableKey });
    expect(refused.status).toBe(1);
    expect(refused.err).toContain('refused operator_status');
  });
});
