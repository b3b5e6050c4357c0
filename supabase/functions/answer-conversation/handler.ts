// answer-conversation {conversation_id, body}: a household member answers a finder from the animal's inbox
// (docs/decisions/0017-finder-owner-conversation.md). The database decides with the caller's own token
// (answer_conversation: a member until their last day, an open conversation, 30 answers an hour); then, if the finder
// gave an address and was not told in the last 15 minutes, they get a word in their language with their link, and none
// of the answer's words (finder_mail_for_reply, which the service role alone may call: the household never reads that
// address), if that address opened the link e-mailed to it and may still be e-mailed (mailFinders).
import { backendError, call, callerCredentials, callerDatabase, serviceDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { mailFinders } from '../_shared/finder-mail.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';

type Answered = { success: true; reply_id: string } | { success: false; reason: string; error: string };

interface FinderToTell {
  to: string;
  token: string;
  language: string;
  animal_name: string;
}

/** The HTTP status of each refusal of answer_conversation; the others are the input's (400). */
const REFUSAL_STATUS: Record<string, number> = {
  session_expired: 401,
  not_found: 404,
  blocked: 410,
  suspended: 410,
  expired: 410,
  rate_limited: 429,
};

export default function answerConversation(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('answer-conversation', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const { conversation_id: conversationId, body } = input;
    if (!isUuid(conversationId) || typeof body !== 'string') return failure('invalid_request');

    const { data, error, status } = await callerDatabase(env, credentials).rpc('answer_conversation', {
      p_conversation_id: conversationId,
      p_body: body,
    });
    if (error) {
      // PostgREST's answers: no signed-in user (the anon role, a refused token), the service role (not granted).
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      throw backendError('answer_conversation', status, error);
    }
    const answered = data as Answered;
    if (!answered.success) {
      return json({ code: answered.reason, error: answered.error }, REFUSAL_STATUS[answered.reason] ?? 400);
    }
    const db = serviceDatabase(env);
    const finder = await call<FinderToTell | null>(db, 'finder_mail_for_reply', {
      p_reply_id: answered.reply_id,
    }).catch((failed) => {
      // The answer is stored: the finder reads it on their page even if this word is lost.
      console.error('[answer-conversation] the finder could not be told:', failed);
      return null;
    });
    if (finder) {
      const { to, token, language, animal_name: animalName } = finder;
      await mailFinders(env, db, [{ kind: 'answer', to, token, language, animalName }]);
    }
    return json({ answered: true, reply_id: answered.reply_id });
  })(request);
}
