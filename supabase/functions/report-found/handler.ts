// report-found {species, found_at?, place?, position?, description?, words?, language?, email?, photos?}: a
// passer-by reports an animal they found that wears no medal (docs/product/found.md), without an account; `email`,
// where to be told when an owner says 'C'est le mien' (never shown to anyone); `photos`, up to 3 in base64 as the
// page sends them, drawn anew without metadata and stored in the public found-photos bucket before the report
// that names them (a report refused leaves its files to the sweep). Stored with the open searches
// it matches (record_found_report: the 20 nearest of its species within its radius, told to their households at
// most hourly by deliver-outbox), then answered with the report's page id and the finder's private token, which
// only they get (the database keeps its hash) and with which they close the report. At most REPORTS_PER_DAY a
// day per client, counted in the same call.
import { finderIdentity, foundTokenHash, hex } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import {
  EMAIL_PATTERN,
  FOUND_PHOTO_BUCKET,
  hasBidiOrControlBesidesLines,
  hasLineOrBidiCharacters,
  isFinderLanguage,
  isKnownSpecies,
  LIMITS,
  trimToNull,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { mailFinders } from '../_shared/finder-mail.ts';
import { readFinderPhoto } from '../_shared/finder-photo.ts';
import { cleanFoundPhoto } from '../_shared/found-photo.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { readPosition } from '../_shared/position.ts';
import { storeFile } from '../_shared/storage.ts';

/** The database's bounds (supabase/schemas/found_reports.sql). */
const PLACE_MAX = 120;
const DESCRIPTION_MAX = 300;
const WORDS_MAX = 500;
/** A finder finds an animal or two in a day, not more. */
const REPORTS_PER_DAY = 5;
/** A report's photos, and a client's in a day (its reports' share). */
const PHOTOS_PER_REPORT = 3;
const PHOTOS_PER_DAY = REPORTS_PER_DAY * PHOTOS_PER_REPORT;

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
    const sent = input.photos ?? [];
    if (!Array.isArray(sent) || sent.length > PHOTOS_PER_REPORT) return failure('invalid_request');
    const photos = sent.map(readFinderPhoto);
    const refused = photos.find((photo) => typeof photo === 'string');
    if (refused) return failure(refused);
    const language = isFinderLanguage(input.language) ? input.language : 'fr';
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    const stored: { path: string; width: number; height: number }[] = [];
    const folder = crypto.randomUUID();
    for (const photo of photos) {
      if (typeof photo === 'string') continue;
      if (!(await withinRateLimit(db, `found-photo:${client}`, PHOTOS_PER_DAY * limitFactor, 86400)))
        return failure('photo_rate_limited', { 'Retry-After': '86400' });
      const clean = await cleanFoundPhoto(photo.bytes);
      if (!clean) return failure('photo_type');
      const path = `${folder}/${crypto.randomUUID()}.jpg`;
      await storeFile(env, FOUND_PHOTO_BUCKET, path, clean.jpeg, 'image/jpeg');
      stored.push({ path, width: clean.width, height: clean.height });
    }
    const token = hex(crypto.getRandomValues(new Uint8Array(32)));
    // The key of the link e-mailed to the address, apart from the page's (finder_mail_wanted_at).
    const mailToken = email ? hex(crypto.getRandomValues(new Uint8Array(32))) : null;
    const recorded = await call<Recorded>(db, 'record_found_report', {
      p_species: input.species,
      p_found_at: foundAt,
      p_place: place,
      p_lat: position?.lat ?? null,
      p_lon: position?.lon ?? null,
      p_description: description,
      p_words: words,
      p_language: language,
      p_token_hash: await foundTokenHash(token),
      p_client_hash: client,
      p_per_day: REPORTS_PER_DAY * limitFactor,
      p_finder_email: email?.toLowerCase() ?? null,
      p_photos: stored,
      p_mail_token_hash: mailToken ? await foundTokenHash(mailToken) : null,
    });
    switch (recorded.status) {
      case 'rate_limited':
        return failure('found_rate_limited', { 'Retry-After': '86400' });
      case 'found_in_future':
        return failure('found_in_future');
      case 'recorded':
        // The first e-mail to the address, its only one until the finder asks for more on that link's page.
        if (email && mailToken) {
          const letter = {
            kind: 'report' as const,
            to: email.toLowerCase(),
            token: mailToken,
            language,
            reportId: recorded.id,
          };
          await mailFinders(env, db, [letter]);
        }
        return json({ status: 'recorded', id: recorded.id, token });
    }
  })(request);
}
