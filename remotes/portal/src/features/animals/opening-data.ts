import { askEarly, type EarlyRead } from '../../ui/early-data.ts';
import { OPENING_READS, type OpeningPage } from './queries.ts';

/** OPENING_READS' requests as the build recorded them from supabase-js (build/opening-reads.ts). */
declare const __MEDAILLE_OPENING_READS__: Record<OpeningPage, EarlyRead[]>;

/** Asks now for the data of the page the portal opens on, `params` its route's parameters. */
export function askOpeningData(page: OpeningPage, params: Readonly<Record<string, string | undefined>>): void {
  const opening = OPENING_READS[page];
  const values = { id: '', ...params } as { id: string };
  askEarly(opening.key(values), { reads: __MEDAILLE_OPENING_READS__[page], params }, (client, userId) =>
    opening.read(client, userId, values),
  );
}
