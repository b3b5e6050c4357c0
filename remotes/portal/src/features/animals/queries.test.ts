import { fillRead } from '@medaille/federation/manifest';
import type { MedailleClient } from '@medaille/supabase';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { openingReads } from '../../../build/opening-reads.ts';
import type { EarlyRead } from '../../ui/early-data.ts';
import { readMemberAnimal, readMyAnimals } from './queries.ts';

/** What supabase-js asks for a read: its path and its query's pairs, as PostgREST reads them (decoded, sorted). */
function asked(url: string) {
  const { pathname, searchParams } = new URL(url);
  return { pathname, query: [...searchParams].sort(([a], [b]) => a.localeCompare(b)) };
}

/** A real supabase-js client whose requests are written down and answered with no rows. */
function recordingClient() {
  const urls: string[] = [];
  const client = createClient('http://project.test', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: async (input) => {
        urls.push(String(input instanceof Request ? input.url : input));
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  }) as unknown as MedailleClient;
  return { client, urls };
}

const fromHtml = (reads: EarlyRead[], values: Record<string, string>) =>
  reads.map((read) => asked(`http://project.test${fillRead(read.path, values)}`));

// Recorded by the build from supabase-js's requests with placeholders for the values: filled with real ones,
// they must be the requests supabase-js sends for those values.
const READS = await openingReads();

describe("the reads the page's HTML asks before supabase-js has loaded", () => {
  it("are the very reads of 'Mes animaux'", async () => {
    const { client, urls } = recordingClient();
    await readMyAnimals(client, 'user-1');
    expect(urls.map(asked)).toEqual(fromHtml(READS.account, { user: 'user-1' }));
  });

  it('are the very reads of an animal’s page, one row or none each', async () => {
    const { client, urls } = recordingClient();
    const [animal, member] = await readMemberAnimal(client, 'animal-1', 'user-1');
    expect(urls.map(asked)).toEqual(fromHtml(READS.editAnimal, { user: 'user-1', id: 'animal-1' }));
    // maybeSingle: one row or null, which is what `one` says.
    expect([animal.data, member.data]).toEqual([null, null]);
    expect(READS.editAnimal.map((read) => read.one)).toEqual([true, true]);
    expect(READS.account.map((read) => read.one)).toEqual([false, false]);
  });
});
