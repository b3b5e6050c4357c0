// found {id, token?, close?, abuse?, mail?}: what anyone reads of a found animal's page, /trouve/{id} (docs/product/found.md).
// public_found_report decides what leaves: the animal, an area (never the point), the losses nearby; with the
// finder's private token, `mine` and the conversations owners opened with 'C'est le mien'. This adds the nearby
// animals' photos' URLs and a limit per client, counted before the id is looked at (122 random bits already make
// walking the ids hopeless). {close: true} with the token: the finder closes the report ('Il est rentré').
// {abuse: true}: 'Signaler un abus', once per client and report, 10 a day per client; the third client's hides
// the report's photos and words (report_found_abuse). {mail: 'on'} with the e-mailed link's key: the finder asks to
// be told when an owner writes (want_found_mail).
import { finderIdentity, foundTokenHash } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import { FOUND_PHOTO_BUCKET, photoPublicUrl } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { photoUrl } from '../_shared/photos.ts';

type PublicFoundReport =
  | { status: 'not_found' }
  | {
      status: 'open' | 'closed';
      photos: { path: string; width: number; height: number }[];
      nearby: { cover_path: string | null }[];
    };
/** A client's abuse reports a day: a real reader reports one page, maybe two. */
const ABUSE_PER_DAY = 10;

/** The finder's private token: 64 hex characters (report-found's). */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export default function found(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('found', async () => {
    const input = await readJsonObject(request);
    if (!input || typeof input.id !== 'string' || (input.token !== undefined && typeof input.token !== 'string'))
      return failure('invalid_request');
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    // Pages read a minute per client, as a search page is (the search function's bucket: one reader, one limit).
    const perMinute = Number(env.PROFILE_OPENINGS_PER_MINUTE ?? 120) * limitFactor;
    if (!(await withinRateLimit(db, `search:${client}`, perMinute, 60)))
      return failure('profile_rate_limited', { 'Retry-After': '60' });
    const token = typeof input.token === 'string' && TOKEN_PATTERN.test(input.token) ? input.token : null;
    if (!isUuid(input.id)) return json({ status: 'not_found' }, 200, NO_STORE);
    const id = input.id.toLowerCase();
    const hash = token ? await foundTokenHash(token) : null;
    if (input.close === true) {
      if (!hash) return failure('found_link_not_valid');
      const closed = await call<boolean>(db, 'close_found_report', { p_id: id, p_token_hash: hash });
      // Closing twice is no error: the page says it is closed either way; a token that is not the report's is.
      if (!closed) {
        const report = await call<{ status: string; mine?: boolean }>(db, 'public_found_report', {
          p_id: id,
          p_token_hash: hash,
        });
        if (!report.mine) return failure('found_link_not_valid');
      }
      return json({ status: 'closed' }, 200, NO_STORE);
    }
    if (input.mail === 'on') {
      const wanted = hash ? await call<boolean>(db, 'want_found_mail', { p_id: id, p_mail_token_hash: hash }) : false;
      if (!wanted) return failure('found_link_not_valid');
      return json({ mail: 'on' }, 200, NO_STORE);
    }
    if (input.abuse === true) {
      const said = await call<string>(db, 'report_found_abuse', {
        p_id: id,
        p_client_hash: client,
        p_per_day: ABUSE_PER_DAY * limitFactor,
      });
      if (said === 'rate_limited') return failure('found_abuse_rate_limited', { 'Retry-After': '86400' });
      return json({ status: said }, 200, NO_STORE);
    }
    const report = await call<PublicFoundReport>(db, 'public_found_report', { p_id: id, p_token_hash: hash });
    const answer =
      report.status === 'not_found'
        ? report
        : {
            ...report,
            photos: report.photos.map(({ path, ...size }) => ({
              ...size,
              url: photoPublicUrl(env.SUPABASE_URL, path, FOUND_PHOTO_BUCKET),
            })),
            nearby: report.nearby.map(({ cover_path, ...search }) => ({
              ...search,
              photo_url: cover_path ? photoUrl(env, cover_path) : null,
            })),
          };
    return json(answer, 200, NO_STORE);
  })(request);
}

const NO_STORE = { 'Cache-Control': 'no-store' };
