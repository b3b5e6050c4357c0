import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { codeFromTyped, MEDAL_PREFIX_PATTERN } from '@medaille/domain';
import { callRpc, isLocalSite, MedalsError, openBackend } from './backend.ts';
import { batchCsv } from './csv.ts';
import { MAX_BATCH, mintCodes } from './mint.ts';
import { medalSheet } from './sheet.ts';
import { status } from './status.ts';

export const USAGE = `pnpm medals <command>

  mint --count N [--prefix MDL] [--batch NAME] [--out FILE.pdf] [--local-site]
        creates N new codes, a printable A4 sheet (FILE.pdf) and the batch as CSV (FILE.csv);
        refuses QR codes to a local address (127.0.0.1, localhost, 192.168.…) unless --local-site
  suspend CODE [--reason TEXT]    the code's page says 'Médaille suspendue'; it cannot be activated, and
                                  its finders' conversations close until it is resumed
  resume CODE                     the code is exactly as before its suspension
  show CODE                       its state, batch, and whether an animal wears it
  stats [--since YYYY-MM-DD]      lost animals found again: how many, the time from lost to found, and how
                                  their finders reached the household (counted, never who); days in UTC
  status [--json]                 e-mails and pushes waiting, the schedules' last runs, the last hour's medal
                                  pages opened and messages; exit status 2 when something waits too long

Against the local stack by default (start it with pnpm start or pnpm stack); against hosted Supabase with
SUPABASE_URL and SUPABASE_SECRET_KEY (or SUPABASE_SERVICE_ROLE_KEY). QR codes lead to PUBLIC_SITE_URL (default: config.toml's site_url).`;

export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** Where relative paths start: the folder the operator ran `pnpm medals` in. */
  cwd: string;
}

/** Runs one command line and answers the exit status; a refusal writes nothing and explains itself. */
export async function runMedals(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case 'mint':
        return await mint(rest, env, io);
      case 'suspend':
      case 'resume':
        return await suspendOrResume(command, rest, env, io);
      case 'show':
        return await show(rest, env, io);
      case 'stats':
        return await stats(rest, env, io);
      case 'status':
        return await status(rest, env, io);
      case undefined:
      case 'help':
      case '--help':
        io.out(USAGE);
        return command === undefined ? 1 : 0;
      default:
        throw new MedalsError(`Unknown command: ${command}\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof MedalsError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 1;
    }
    throw error;
  }
}

async function mint(args: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      count: { type: 'string' },
      prefix: { type: 'string', default: 'MDL' },
      batch: { type: 'string' },
      out: { type: 'string' },
      'local-site': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH) {
    throw new MedalsError(`--count must be a whole number from 1 to ${MAX_BATCH}.`);
  }
  const prefix = values.prefix.toUpperCase();
  if (!MEDAL_PREFIX_PATTERN.test(prefix))
    throw new MedalsError('--prefix must be MDL or MDL-XXXX (up to 8 letters or digits).');
  const batch = values.batch?.trim() || `lot-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}`;
  if (batch.length > 100) throw new MedalsError('--batch is at most 100 characters.');
  const pdfPath = resolve(io.cwd, values.out ?? `medailles-${batch.replace(/[^\w.-]+/g, '_')}.pdf`);
  if (!pdfPath.toLowerCase().endsWith('.pdf')) throw new MedalsError('--out must name a .pdf file.');
  const csvPath = pdfPath.replace(/\.pdf$/i, '.csv');

  const backend = await openBackend(env);
  // A printed medal cannot be changed: QR codes to this computer or this network would be lost once printed.
  if (isLocalSite(backend.siteUrl)) {
    const where = `QR codes would lead to ${backend.siteUrl}, an address only this computer or network reaches`;
    if (!values['local-site']) {
      throw new MedalsError(
        `${where}: printed medals would lead nowhere. Set PUBLIC_SITE_URL to the public site (PUBLIC_SITE_URL=https://medaille.fr), or pass --local-site for a trial batch that will not be given out. Nothing was written.`,
      );
    }
    io.err(`WARNING: ${where} (--local-site). Do not give these medals out.`);
  }
  const { codes, createdAt } = await mintCodes(backend, { count, prefix, batch });
  // The codes exist now: the files follow, and if they cannot be written the codes are listed here instead.
  const csv = batchCsv(codes, backend.siteUrl, batch, createdAt);
  try {
    await writeFile(pdfPath, await medalSheet({ codes, siteUrl: backend.siteUrl, batch, createdAt }));
    await writeFile(csvPath, csv);
  } catch (error) {
    io.out(csv);
    throw new MedalsError(
      `${count} codes were created in batch ${batch}, but the files could not be written (${String(error)}); the CSV is above.`,
    );
  }
  io.out(`${count} codes created in batch ${batch} on ${backend.url}
  sheet: ${pdfPath}
  CSV:   ${csvPath}
  QR codes lead to ${backend.siteUrl}/{code}`);
  return 0;
}

async function suspendOrResume(command: 'suspend' | 'resume', args: string[], env: NodeJS.ProcessEnv, io: Io) {
  const { values, positionals } = parseArgs({
    args,
    options: { reason: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (command === 'resume' && values.reason !== undefined) throw new MedalsError('resume takes no --reason.');
  const code = oneCode(positionals);
  const backend = await openBackend(env);
  const info = await callRpc<(MedalInfo & { changed: boolean }) | null>(backend, 'set_medal_suspended', {
    p_code: code,
    p_suspended: command === 'suspend',
    p_reason: values.reason ?? null,
  });
  if (!info) throw new MedalsError(`No such code: ${code}`);
  if (!info.changed) {
    const retold = values.reason === undefined ? '' : ' (to give another reason: resume, then suspend again)';
    io.out(
      `${info.code} ${command === 'suspend' ? 'was already suspended' : 'was not suspended'}: nothing changed${retold}.`,
    );
  } else if (command === 'suspend' && info.has_animal) {
    io.out(`${info.code}'s owner is told by e-mail at deliver-outbox's next run (every minute), without the reason.`);
  }
  io.out(describe(info));
  return 0;
}

async function show(args: string[], env: NodeJS.ProcessEnv, io: Io) {
  const { positionals } = parseArgs({ args, options: {}, strict: true, allowPositionals: true });
  const code = oneCode(positionals);
  const backend = await openBackend(env);
  const info = await callRpc<MedalInfo | null>(backend, 'medal_info', { p_code: code });
  if (!info) throw new MedalsError(`No such code: ${code}`);
  io.out(describe(info));
  return 0;
}

function oneCode(positionals: string[]): string {
  const [typed, ...extra] = positionals;
  if (typed === undefined || extra.length > 0)
    throw new MedalsError('Give exactly one code, for example MDL-7KQ4-M9XP-3T.');
  const code = codeFromTyped(typed);
  if (!code) throw new MedalsError(`Not a medal code: ${typed}`);
  return code;
}

interface MedalInfo {
  code: string;
  /** 'retired': its animal was deleted; the code stays used, so that nobody activates the printed medal again. */
  state: 'free' | 'activated' | 'retired' | 'suspended';
  batch: string | null;
  created_at: string;
  has_animal: boolean;
  suspended_at: string | null;
  suspended_by: 'owner' | 'operator' | null;
  suspended_reason: string | null;
}

/** What an operator may know about a code: never anything of its owner. */
function describe(info: MedalInfo): string {
  const lines = [
    `${info.code}: ${info.state}`,
    `  batch:   ${info.batch ?? '(none)'}, created ${info.created_at}`,
    `  animal:  ${info.has_animal ? 'yes' : 'no'}`,
  ];
  if (info.suspended_at) {
    lines.push(
      `  suspended ${info.suspended_at} by the ${info.suspended_by}${info.suspended_reason ? `: ${info.suspended_reason}` : ''}`,
    );
  }
  return lines.join('\n');
}

/** What reunion_stats answers: the reunions, hours from lost to found (null when none is known), channels. */
interface ReunionStats {
  reunions: number;
  median_hours: number | null;
  mean_hours: number | null;
  channels: Record<'page' | 'conversation' | 'phone' | 'other' | 'unknown', number>;
}

const CHANNEL_NAMES: [keyof ReunionStats['channels'], string][] = [
  ['page', "the medal's page"],
  ['conversation', 'a conversation'],
  ['phone', 'a phone call'],
  ['other', 'otherwise'],
  ['unknown', 'not said'],
];

async function stats(args: string[], env: NodeJS.ProcessEnv, io: Io) {
  const { values, positionals } = parseArgs({ args, options: { since: { type: 'string' } }, strict: true });
  if (positionals.length > 0) throw new MedalsError('stats takes no code.');
  const since = values.since;
  // A real calendar day, read back the same: 2026-02-30 is not one.
  if (since !== undefined && !isCalendarDay(since)) throw new MedalsError(`Not a day (YYYY-MM-DD): ${since}`);
  const backend = await openBackend(env);
  const figures = await callRpc<ReunionStats>(backend, 'reunion_stats', {
    p_since: since === undefined ? null : `${since}T00:00:00Z`,
  });
  io.out(describeStats(figures, since));
  return 0;
}

function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function describeStats(figures: ReunionStats, since: string | undefined): string {
  const total = figures.reunions;
  const share = (count: number) => (total === 0 ? '' : `  ${Math.round((count * 100) / total)} %`);
  const lines = [`Reunions${since ? ` since ${since}` : ''}: ${total}`];
  if (figures.median_hours !== null && figures.mean_hours !== null) {
    lines.push(`  lost to found: median ${figures.median_hours} h, mean ${figures.mean_hours} h`);
  }
  lines.push('  how the finder reached the household:');
  for (const [channel, name] of CHANNEL_NAMES) {
    const count = figures.channels[channel];
    lines.push(`    ${name.padEnd(16)}${String(count).padStart(5)}${share(count)}`);
  }
  return lines.join('\n');
}
