import { fillRead } from '@medaille/federation/manifest';
import { hasStoredSession, type MedailleClient, supabase } from '@medaille/supabase';

// The data of the page the portal opens on, asked for before the page's own chunk has arrived: by the page's
// HTML when the shell's host announced the page (its early-data script, as soon as the HTML is read), else as
// the portal's module runs, beside the page's chunk. Asked for only with a stored session; taken once by its
// page for the same signed-in person, else asked for again.

/**
 * A read of the page's HTML: its PostgREST path, `{name}` standing for a route parameter and `{user}` for the
 * person (`fillRead`), and whether it answers one row or none (supabase-js's `maybeSingle`) rather than a list.
 */
export interface EarlyRead {
  path: string;
  one: boolean;
}

interface Asked {
  userId: string;
  answer: Promise<unknown>;
}

/** What the HTML's early-data script asked, by read path (with its parameters and the person's id). */
interface AskedByHtml {
  user: string;
  asked: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __MEDAILLE_EARLY_DATA__?: AskedByHtml;
  }
}

const early = new Map<string, Promise<Asked | null>>();

/**
 * Asks now for the data `key` names, for the person the stored session is (nothing without one): takes the
 * answers to `reads` the page's HTML asked, else asks with `ask`. `params` fills the reads' route parameters.
 */
export function askEarly(
  key: string,
  html: { reads: EarlyRead[]; params?: Readonly<Record<string, string | undefined>> },
  ask: (client: MedailleClient, userId: string) => Promise<unknown>,
): void {
  if (!hasStoredSession()) return;
  const byHtml = answeredByHtml(html.reads, html.params ?? {}, ask);
  const asked =
    byHtml ??
    supabase().then(async (client) => {
      // Renewed first when it has expired, as any request of the client's would be.
      const { data } = await client.auth.getSession();
      const userId = data.session?.user.id;
      return userId ? { userId, answer: ask(client, userId) } : null;
    });
  asked.catch(() => {});
  early.set(key, asked);
}

/**
 * The HTML's answers to `reads`, as supabase-js would give them (`{ data, error }`), once; `ask` when one of them
 * failed (an access token refused, say) or is not what the read expects. Null when the HTML asked none of them.
 */
function answeredByHtml(
  reads: EarlyRead[],
  params: Readonly<Record<string, string | undefined>>,
  ask: (client: MedailleClient, userId: string) => Promise<unknown>,
): Promise<Asked> | null {
  const html = window.__MEDAILLE_EARLY_DATA__;
  if (!html) return null;
  const paths = reads.map((read) => fillRead(read.path, { ...params, user: html.user }));
  const responses = paths.map((path) => (path === null ? undefined : html.asked[path]));
  if (responses.some((response) => response === undefined)) return null;
  for (const path of paths) if (path !== null) delete html.asked[path];
  const answer = Promise.all(
    responses.map(async (response, index) => resultOf(await (response as Promise<Response>), reads[index]?.one)),
  ).catch(() => supabase().then((client) => ask(client, html.user)));
  return Promise.resolve({ userId: html.user, answer });
}

/** A read's answer as supabase-js gives it: its rows, or for a read of one row, that row or null. */
async function resultOf(response: Response, one = false): Promise<{ data: unknown; error: null }> {
  if (!response.ok) throw new Error(`the early read answered ${response.status}`);
  const rows: unknown = await response.json();
  if (!Array.isArray(rows) || (one && rows.length > 1)) throw new Error('the early read answered no list of rows');
  return { data: one ? (rows[0] ?? null) : rows, error: null };
}

/**
 * The answer asked for early under `key` for `userId`, once; otherwise (none asked, another person, a failed
 * start) `ask()` now.
 */
export function takeEarly<T>(key: string, userId: string, ask: () => Promise<T>): Promise<T> {
  const asked = early.get(key);
  early.delete(key);
  if (!asked) return ask();
  return asked.then(
    (entry) => (entry?.userId === userId ? (entry.answer as Promise<T>) : ask()),
    () => ask(),
  );
}
