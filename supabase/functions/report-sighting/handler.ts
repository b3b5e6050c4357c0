// report-sighting {id, kind, place?, words?, seen_at?, position?, language?, photo?}: a passer-by says on a loss's
// search page that they saw the animal ('seen') or have it with them ('with_me') (docs/product/search.md), with a
// photo for the household alone if they like (base64, as a finder's message's: at most 700 KB, which the page's
// script makes of a phone's photo). Stored first (the photo, then record_sighting), then the household told as of
// a finder's message, within the same e-mail limits; the passer-by never waits for a mail or a push. 'with_me'
// also opens the masked conversation a medal's finder has (open_sighting_conversation): the answer's
// `conversation_url` is the passer-by's private link to it, in their language. Limited per client and per client
// and search, counted before the id is looked at.
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import {
  agreeWith,
  FINDER_PHOTO_BUCKET,
  hasBidiOrControlBesidesLines,
  hasLineOrBidiCharacters,
  isFinderLanguage,
  trimToNull,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { readFinderPhoto, storeFinderPhoto } from '../_shared/finder-photo.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import {
  animalHistoryPath,
  animalHistoryUrl,
  conversationUrl,
  editAnimalPath,
  editAnimalUrl,
} from '../_shared/links.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { alertHousehold, type DigestDue, type OwnerMailDecision } from '../_shared/owner-digest.ts';
import { readPosition } from '../_shared/position.ts';
import { removePhotoFiles } from '../_shared/storage.ts';

const KINDS = ['seen', 'with_me'] as const;
type Kind = (typeof KINDS)[number];
/** The database's bounds (supabase/schemas/searches.sql). */
const PLACE_MAX = 120;
const WORDS_MAX = 500;

type Recorded =
  | { status: 'not_found' }
  | { status: 'seen_in_future' }
  /** This client's sighting on this search was reported as abusive today. */
  | { status: 'reported' }
  | ({ status: 'recorded'; sighting_id: string; animal_sex: string | null } & Omit<DigestDue, 'unread_messages'> &
      OwnerMailDecision);

/**
 * A text field: trimmed, its lines as the database keeps them (a browser sends a textarea's as CRLF), or null
 * when absent or empty; undefined when it is no text.
 */
function textOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? trimToNull(value.replace(/\r\n?/g, '\n')) : undefined;
}

export default function reportSighting(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('report-sighting', async () => {
    const input = await readJsonObject(request);
    const kind = input?.kind;
    const place = textOf(input?.place);
    const words = textOf(input?.words);
    const shared = input?.position as { lat?: unknown; lon?: unknown } | null | undefined;
    const position = shared === undefined || shared === null ? null : readPosition(shared.lat, shared.lon, null);
    const seenAt =
      typeof input?.seen_at === 'string' && !Number.isNaN(Date.parse(input.seen_at)) ? input.seen_at : null;
    if (
      !input ||
      typeof input.id !== 'string' ||
      !KINDS.includes(kind as Kind) ||
      place === undefined ||
      words === undefined ||
      (shared !== undefined && shared !== null && position === null) ||
      (input.seen_at !== undefined && input.seen_at !== null && seenAt === null)
    )
      return failure('invalid_request');
    if ((place && place.length > PLACE_MAX) || (words && words.length > WORDS_MAX)) return failure('sighting_too_long');
    // As the database's check: one line for the place; for the words, lines but no other control character, no
    // line separator nor bidi character.
    if ((place && hasLineOrBidiCharacters(place)) || (words && hasBidiOrControlBesidesLines(words)))
      return failure('invalid_characters');
    const photo = input.photo === undefined || input.photo === null ? null : readFinderPhoto(input.photo);
    if (typeof photo === 'string') return failure(photo);
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    const limited = { 'Retry-After': '3600' };
    // Per client over every search (a flood from one machine), then per client and search.
    if (!(await withinRateLimit(db, `sighting:${client}`, 30 * limitFactor, 86_400)))
      return failure('sighting_rate_limited', limited);
    if (!isUuid(input.id)) return failure('search_not_found');
    if (!(await withinRateLimit(db, `sighting:${input.id}:${client}`, 5 * limitFactor, 3600)))
      return failure('sighting_rate_limited', limited);
    const searchId = input.id.toLowerCase();
    let photoPath: string | null = null;
    if (photo) {
      const folder = await call<string | null>(db, 'sighting_photo_folder', { p_search_id: searchId });
      if (!folder) return failure('search_not_found');
      const stored = await storeFinderPhoto(env, db, folder, { hash: client, limitFactor }, photo);
      if (stored.refusal) return failure(stored.refusal, stored.headers);
      photoPath = stored.path;
    }
    let recorded: Recorded | null = null;
    try {
      recorded = await call<Recorded>(db, 'record_sighting', {
        p_search_id: searchId,
        p_kind: kind,
        p_place: place,
        p_seen_at: seenAt,
        p_words: words,
        p_lat: position?.lat ?? null,
        p_lon: position?.lon ?? null,
        p_client_hash: client,
        p_photo_path: photoPath,
      });
    } finally {
      // No sighting stored: its photo's file goes at once (else the sweep's).
      if (photoPath && recorded?.status !== 'recorded') await removePhotoFiles(env, [photoPath], FINDER_PHOTO_BUCKET);
    }
    if (recorded.status === 'not_found') return failure('search_not_found');
    if (recorded.status === 'seen_in_future') return failure('sighting_in_future');
    // Told as the limit it is, without saying who reported what.
    if (recorded.status === 'reported') return failure('sighting_rate_limited', limited);
    // The sighting is stored: a conversation that cannot be opened now leaves the passer-by thanked, without a link.
    const token =
      kind === 'with_me'
        ? await call<string | null>(db, 'open_sighting_conversation', {
            p_sighting_id: recorded.sighting_id,
            p_language: isFinderLanguage(input.language) ? input.language : 'fr',
          }).catch((error) => {
            console.error('[report-sighting] the conversation could not be opened:', error);
            return null;
          })
        : null;
    const name = recorded.animal_name;
    const title =
      kind === 'with_me'
        ? `Quelqu'un dit avoir ${name} avec lui`
        : `${name} a été ${agreeWith(recorded.animal_sex, { male: 'vu', female: 'vue' })}`;
    await alertHousehold(
      env,
      recorded,
      (to) =>
        ownerMail({
          to,
          subject: title,
          paragraphs: [
            { text: `${title}, d'après un message laissé sur sa page de recherche.` },
            ...(place ? [{ text: 'Lieu :', strong: place }] : []),
            ...(words ? [{ text: words, quote: true }] : []),
            ...(photoPath ? [{ text: 'Cette personne a joint une photo. Vous la verrez avec les signalements.' }] : []),
          ],
          // With a conversation, where the household answers them.
          action: token
            ? { label: 'Lui répondre', href: animalHistoryUrl(env, recorded.animal_id) }
            : { label: 'Voir les signalements', href: editAnimalUrl(env, recorded.animal_id) },
        }),
      {
        title,
        // Nothing the passer-by typed: the lock screen is anyone's to read.
        body: 'Quelqu’un a répondu sur sa page de recherche.',
        url: token ? animalHistoryPath(recorded.animal_id) : editAnimalPath(recorded.animal_id),
        tag: `sighting-${recorded.animal_id}`,
      },
    );
    return json(token ? { ok: true, conversation_url: conversationUrl(env, token) } : { ok: true });
  })(request);
}
