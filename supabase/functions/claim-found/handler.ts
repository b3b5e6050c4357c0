// claim-found {report_id, animal_id, words}: 'C'est le mien', from the portal (docs/product/found.md). The
// database decides with the caller's own token (claim_found_report: the animal's owner or a co-owner, an open
// report, 10 a day) and opens the masked conversation with the finder, its first message the owner's words;
// then a finder who left an address gets one e-mail with their link (finder_mail_for_claim, which the service
// role alone may call: the household never reads that address), within that address's window (mailFinders).
// Their later e-mails wait until they ask for them on that link's page.
import { backendError, call, callerCredentials, callerDatabase, serviceDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { mailFinders } from '../_shared/finder-mail.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';

type Claimed =
  | { success: true; conversation_id: string; created: boolean }
  | { success: false; reason: string; error: string };

/** The HTTP status of each refusal of claim_found_report; the others are the input's (400). */
const REFUSAL_STATUS: Record<string, number> = {
  session_expired: 401,
  not_allowed: 403,
  report_closed: 410,
  rate_limited: 429,
};

export default function claimFound(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('claim-found', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input || !isUuid(input.report_id) || !isUuid(input.animal_id) || typeof input.words !== 'string')
      return failure('invalid_request');
    const { data, error, status } = await callerDatabase(env, credentials).rpc('claim_found_report', {
      p_report_id: input.report_id,
      p_animal_id: input.animal_id,
      p_words: input.words,
    });
    if (error) {
      // PostgREST's answers: no signed-in user (the anon role, a refused token), the service role (not granted).
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      throw backendError('claim_found_report', status, error);
    }
    const claimed = data as Claimed;
    if (!claimed.success) {
      const headers: Record<string, string> = claimed.reason === 'rate_limited' ? { 'Retry-After': '86400' } : {};
      return json({ code: claimed.reason, error: claimed.error }, REFUSAL_STATUS[claimed.reason] ?? 400, headers);
    }
    if (claimed.created) {
      const db = serviceDatabase(env);
      const finder = await call<{ to: string; token: string; language: string } | null>(db, 'finder_mail_for_claim', {
        p_conversation_id: claimed.conversation_id,
      }).catch((failed) => {
        // The conversation is stored: the finder reads it on their page even if this word is lost.
        console.error('[claim-found] the finder could not be told:', failed);
        return null;
      });
      if (finder) await mailFinders(env, db, [{ kind: 'claim', ...finder }]);
    }
    return json({ conversation_id: claimed.conversation_id });
  })(request);
}
