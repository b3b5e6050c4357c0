// The reads the HTML of a page the portal opens on asks before supabase-js has loaded (the host announces them
// from the manifest, ui/early-data.ts takes their answers), recorded at build time from supabase-js's own
// requests for OPENING_READS: the reads are written once, as supabase-js code.

import { ROUTES } from '@medaille/routing';
import type { MedailleClient } from '@medaille/supabase';
import { createClient } from '@supabase/supabase-js';
import { OPENING_READS, type OpeningPage } from '../src/features/animals/queries.ts';
import type { EarlyRead } from '../src/ui/early-data.ts';

/** `{name}` in a read: a route parameter or `{user}`, filled in by the HTML (fillRead). */
const placeholder = (name: string) => `{${name}}`;

/** The reads of one page: the requests supabase-js sends, the placeholders given as values written back. */
async function recordedReads(page: OpeningPage): Promise<EarlyRead[]> {
  const urls: string[] = [];
  const client = createClient('http://project.invalid', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  }) as unknown as MedailleClient;
  const params = Object.fromEntries(
    [...ROUTES[page].matchAll(/:(\w+)/g)].map(([, name = '']) => [name, placeholder(name)]),
  );
  const answers = await OPENING_READS[page].read(client, placeholder('user'), params as never);
  return urls.map((url, index) => {
    const { pathname, search } = new URL(url);
    return {
      // From the project's URL (`/rest/v1/…`), as the HTML asks it.
      path: `${pathname}${search}`.replace(/%7B(\w+)%7D/g, (_, name: string) => placeholder(name)),
      // An empty answer is null for a read of one row or none (maybeSingle), an empty list otherwise.
      one: answers[index]?.data === null,
    };
  });
}

/** Every opening page's reads, by page. */
export async function openingReads(): Promise<Record<OpeningPage, EarlyRead[]>> {
  const pages = Object.keys(OPENING_READS) as OpeningPage[];
  return Object.fromEntries(await Promise.all(pages.map(async (page) => [page, await recordedReads(page)])));
}
