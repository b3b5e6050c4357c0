// report-found {species, found_at?, place?, position?, description?, words?, language?, email?}: a passer-by
// reports an animal they found that wears no medal (docs/product/found.md), without an account; `email`, where to
// be told when an owner says 'C'est le mien' (never shown to anyone). Stored with the open searches
// it matches (record_found_report: the 20 nearest of its species within its radius, told to their households at
// most hourly by deliver-outbox), then answered with the report's page id and the finder's private token, which
// only they get (the database keeps its hash) and with which they close the report. At most REPORTS_PER_DAY a
// day per client, counted in the same call.
import { finderIdentity, hex } from '../_shared/client.ts';
import { call, serviceDatabase } from '../_shared/database.ts';
import {
  EMAIL_PATTERN,
  hasBidiOrControlBesidesLines,
  hasLineOrBidiCharacters,
  isFinderLanguage,
  isKnownSpecies,
  LIMITS,
  trimToNull,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { readPosition } from '../_shared/position.ts';

/** The database's bounds (supabase/schemas/found_reports.sql). */
const PLACE_MAX = 120;
const DESCRIPTION_MAX = 300;
const WORDS_MAX = 500;
/** A finder finds an animal or two in a day, not more. */
const REPORTS_PER_DAY = 5;

type Recorded = { status: 'recorded'; id: string } | { status: 'rate_limited' | 'found_in_future' };

/** A text field trimmed, its lines as the database keeps them, or null; undefined when it is no text. */
function textOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? trimToNull(value.replace(/\r\n?/g, '\n')) : undefined;
}

export default function reportFound(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('report-found', async () => {
    const input = await readJsonObject(request);
    const place = textOf(input?.place);
    const description = textOf(input?.description);
    const words = textOf(input?.words);
    const email = textOf(input?.email);
    const shared = input?.position as { lat?: unknown; lon?: unknown } | null | undefined;
    const position = shared === undefined || shared === null ? null : readPosition(shared.lat, shared.lon, null);
    const foundAt =
      input?.found_at === undefined || input.found_at === null
        ? new Date().toISOString()
        : typeof input.found_at === 'string' && !Number.isNaN(Date.parse(input.found_at))
          ? input.found_at
          : null;
    if (
      !input ||
      typeof input.species !== 'string' ||
      !isKnownSpecies(input.species) ||
      foundAt === null ||
      place === undefined ||
      description === undefined ||
      words === undefined ||
      email === undefined ||
      (shared !== undefined && shared !== null && position === null)
    )
      return failure('invalid_request');
    if (
      (place && place.length > PLACE_MAX) ||
      (description && description.length > DESCRIPTION_MAX) ||
      (words && words.length > WORDS_MAX)
    )
      return failure('found_too_long');
    // As the database's check: one line for the place; lines but no other control character in the others.
    if (
      (place && hasLineOrBidiCharacters(place)) ||
      (description && hasBidiOrControlBesidesLines(description)) ||
      (words && hasBidiOrControlBesidesLines(words))
    )
      return failure('invalid_characters');
    if (email && (email.length > LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email)))
      return failure('finder_email_invalid');
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const token = hex(crypto.getRandomValues(new Uint8Array(32)));
    const recorded = await call<Recorded>(serviceDatabase(env), 'record_found_report', {
      p_species: input.species,
      p_found_at: foundAt,
      p_place: place,
      p_lat: position?.lat ?? null,
      p_lon: position?.lon ?? null,
      p_description: description,
      p_words: words,
      p_language: isFinderLanguage(input.language) ? input.language : 'fr',
      p_token_hash: await tokenHash(token),
      p_client_hash: client,
      p_per_day: REPORTS_PER_DAY * limitFactor,
      p_finder_email: email?.toLowerCase() ?? null,
    });
    switch (recorded.status) {
      case 'rate_limited':
        return failure('found_rate_limited', { 'Retry-After': '86400' });
      case 'found_in_future':
        return failure('found_in_future');
      case 'recorded':
        return json({ status: 'recorded', id: recorded.id, token });
    }
  })(request);
}

/** What the database keeps of the finder's token: its SHA-256, in hex. */
export async function tokenHash(token: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))));
}
