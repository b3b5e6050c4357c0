// get_public_profile {code}: what a finder sees behind a medal. The only door from anonymous finders to
// owners' data (docs/decisions/0004-public-data-through-get-public-profile.md): the SQL function public_profile decides
// what leaves, this adds photo URLs and a rate limit per client so that nobody can walk the code space.
import { inBackground } from '../_shared/background.ts';
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase } from '../_shared/database.ts';
import {
  agreeWith,
  finderLanguageOf,
  normalizeCode,
  type ScanAnswer,
  type StoredScanAnswer,
  withoutControlCharacters,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { animalHistoryPath, animalHistoryUrl } from '../_shared/links.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { FAILURES } from '../_shared/messages.ts';
import { sendOrQueue } from '../_shared/outbox.ts';
import { photoUrl } from '../_shared/photos.ts';
import { pushHousehold } from '../_shared/push.ts';
import { alertOfStolenView, type StolenAlert } from './stolen-view.ts';

/**
 * public_profile_for_client's answer: public_profile's (declared in @medaille/domain's public-profile.ts), or the
 * client's limit reached. (A null code's bare not_found is turned away before the answer is read.)
 */
type ProfileForClient = StoredScanAnswer | { status: 'rate_limited'; profile?: StoredScanAnswer };

/**
 * What a finder past the limit on one medal's page still gets (HTTP 429): its name and the numbers to call,
 * as public_profile sends them (each only while its switch is on), so that the page keeps its call buttons.
 */
const REACH_KEYS = [
  'code',
  'name',
  'public_phone',
  'show_public_phone',
  'second_contact_name',
  'second_contact_phone',
  'show_second_contact_phone',
] as const;

export default function getPublicProfile(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('get_public_profile', async () => {
    const input = await readJsonObject(request);
    if (!input || typeof input.code !== 'string') return failure('invalid_request');
    const code = normalizeCode(input.code);
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    // Counted before the code is even looked at (malformed guesses walk the code space too), in the same
    // database call as the profile.
    const stored = await call<ProfileForClient & { stolen_alert?: StolenAlert }>(
      serviceDatabase(env),
      'public_profile_for_client',
      {
        p_code: code,
        p_client_hash: client,
        p_misses_per_minute: Number(env.PROFILE_RATE_LIMIT_PER_MINUTE ?? 60) * limitFactor,
        p_openings_per_minute: Number(env.PROFILE_OPENINGS_PER_MINUTE ?? 120) * limitFactor,
      },
    );
    // A stolen animal's household is told of this opening (docs/product/theft.md): whom to tell came with the
    // answer, and leaves it here, so that the finder's page is word for word any animal's.
    const stolenAlert = stored.stolen_alert;
    delete stored.stolen_alert;
    const profile: ProfileForClient = stored;
    if (profile.status === 'rate_limited') {
      const known = profile.profile;
      if (known?.status !== 'claimed') return failure('profile_rate_limited', { 'Retry-After': '60' });
      const reach = Object.fromEntries(REACH_KEYS.map((key) => [key, known[key] ?? null]));
      const { status, message } = FAILURES.profile_rate_limited;
      return json({ code: 'profile_rate_limited', error: message, reach }, status, {
        'Retry-After': '60',
        ...NO_STORE,
      });
    }
    if (!code) {
      const notFound: ScanAnswer = {
        status: 'not_found',
        code: withoutControlCharacters(input.code.trim().toUpperCase()),
      };
      return json(notFound, 200, NO_STORE);
    }
    const answer: ScanAnswer =
      profile.status === 'claimed'
        ? { ...profile, photos: profile.photos.map((photo) => ({ ...photo, url: photoUrl(env, photo.path) })) }
        : profile;
    if (answer.status === 'claimed' && answer.is_lost) await alertOwnerOfLostView(env, code, client, answer.sex);
    if (stolenAlert) {
      const language = finderLanguageOf(input.language, request.headers.get('accept-language'));
      // Not awaited: the finder's page never waits for a push service or the e-mail provider.
      inBackground(
        alertOfStolenView(env, serviceDatabase(env), stolenAlert, language).catch((error) =>
          console.error('[get_public_profile] a stolen animal’s alert failed:', error),
        ),
      );
    }
    return json(answer, 200, NO_STORE);
  })(request);
}

/** What record_lost_profile_view answers: the household's addresses only when they are to be told. */
type LostView =
  | { recorded: boolean; notify: false }
  | { recorded: true; notify: true; animal_id: string; animal_name: string; recipients: string[] };

/**
 * A lost animal's page was opened: recorded for the owner's history, and the owner told by e-mail at most
 * once every 10 minutes. A mail that fails waits in the outbox, never the finder's problem.
 */
async function alertOwnerOfLostView(env: FunctionEnv, code: string, client: string, sex: string | null) {
  const view = await call<LostView>(serviceDatabase(env), 'record_lost_profile_view', {
    p_code: code,
    p_client_hash: client,
  });
  if (!view.notify) return;
  const name = view.animal_name;
  const lost = agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' });
  // Not awaited: the finder's page never waits for a push service.
  inBackground(
    pushHousehold(env, serviceDatabase(env), view.animal_id, {
      title: `Le profil de ${name} vient d'être consulté`,
      body: `Quelqu'un vient d'ouvrir la page de ${name}, ${lost}.`,
      url: animalHistoryPath(view.animal_id),
      tag: `view-${view.animal_id}`,
    }),
  );
  await sendOrQueue(
    env,
    view.recipients.map((to) => lostViewMail(env, to, view, sex)),
  );
}

/** `sex` as the profile gives it (M, F or null): the sentence about the animal agrees with it. */
function lostViewMail(env: FunctionEnv, to: string, view: Extract<LostView, { notify: true }>, sex: string | null) {
  const name = view.animal_name;
  const history = animalHistoryUrl(env, view.animal_id);
  const lost = agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' });
  return ownerMail({
    to,
    subject: `Le profil de ${name} vient d'être consulté`,
    paragraphs: [
      {
        text: `Quelqu'un vient d'ouvrir la page de ${name}, ${lost}. S'il partage sa position ou vous écrit, vous le verrez dans l'historique.`,
      },
    ],
    action: { label: "Voir l'historique des scans", href: history },
  });
}

// A profile changes when its owner edits it or flags the animal lost: never serve a stale one.
const NO_STORE = { 'Cache-Control': 'no-store' };
