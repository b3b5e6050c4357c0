// conversation {token, message?, delete?, mail?}: a finder's conversation through their private link
// (docs/decisions/0017-finder-owner-conversation.md). With the token alone it answers the conversation (the animal's
// name and every message, the household's without who wrote them); with `message`, the finder writes again and the
// household is told (at most once every 15 minutes); with `delete`, the id of one of the finder's own messages, it is
// deleted with its photo; with `mail: 'on'`, through the link e-mailed to them, the finder asks to be told of answers
// by e-mail. A blocked or expired link, or one whose medal an operator suspended, answers 410 with its reason (a
// blocked or expired one with `reach`, the way back to the animal's page and its numbers), an unknown one 404.
// `send_key`: the key the page's form was drawn with (_shared/send-key.ts): the same key again stores nothing more and
// is answered as the first time. The token comes in the body, never in an address that logs keep; each connection reads
// and writes within its limits (docs/decisions/0009-client-identity-from-gateway.md).
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import {
  CONVERSATION_LIMITS,
  CONVERSATION_TOKEN_PATTERN,
  FINDER_PHOTO_BUCKET,
  hasControlCharacters,
  LIMITS,
  trimToNull,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { animalHistoryPath, animalHistoryUrl } from '../_shared/links.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { FAILURES, type FailureCode } from '../_shared/messages.ts';
import { alertHousehold, type OwnerMailDecision } from '../_shared/owner-digest.ts';
import { type FirstSend, firstSend, readSendKey } from '../_shared/send-key.ts';
import { removePhotoFiles } from '../_shared/storage.ts';

/** What a link that opens nothing answers. */
const CLOSED: Record<string, FailureCode> = {
  not_found: 'conversation_not_found',
  blocked: 'conversation_blocked',
  suspended: 'conversation_suspended',
  expired: 'conversation_expired',
};

type Written =
  | { status: 'not_found' | 'suspended' | 'blocked' | 'expired' }
  | ({ status?: undefined; repeated: true } & FirstSend)
  | ({
      status: 'recorded';
      code: string;
      animal_id: string;
      animal_name: string;
      recipients: string[];
    } & OwnerMailDecision);

export default function conversation(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('conversation', async () => {
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    const db = serviceDatabase(env);
    const hour = { 'Retry-After': '3600' };
    // Counted before the token is looked at: guessing links costs requests like reading one.
    const reads = CONVERSATION_LIMITS.finderReadsPerHour * limitFactor;
    if (!(await withinRateLimit(db, `conversation-read:${client}`, reads, 3600)))
      return failure('conversation_rate_limited', hour);
    const token = typeof input.token === 'string' ? input.token : '';
    if (!CONVERSATION_TOKEN_PATTERN.test(token)) return failure('conversation_not_found');

    if (input.delete !== undefined) {
      if (!isUuid(input.delete)) return failure('message_not_found');
      const deleted = await call<{ status: string; photo_path?: string | null }>(
        db,
        'delete_finder_conversation_message',
        { p_token: token, p_message_id: input.delete },
      );
      if (deleted.status === 'message_not_found') return failure('message_not_found');
      if (deleted.status !== 'deleted') return failure(CLOSED[deleted.status] ?? 'conversation_not_found');
      if (deleted.photo_path) await removePhotoFiles(env, [deleted.photo_path], FINDER_PHOTO_BUCKET);
      return json({ deleted: true });
    }

    if (input.mail !== undefined) {
      if (input.mail !== 'on') return failure('invalid_request');
      const wanted = await call<string>(db, 'want_finder_mail', { p_token: token });
      if (wanted !== 'on') return failure(CLOSED[wanted] ?? 'conversation_not_found');
      return json({ mail: 'on' });
    }

    if (input.message !== undefined) {
      const message = trimToNull(typeof input.message === 'string' ? input.message : null);
      if (!message) return failure('message_empty');
      if (message.length > LIMITS.messageMaxLength) return failure('message_too_long');
      if (hasControlCharacters(message)) return failure('invalid_characters');
      const sendKey = readSendKey(input);
      if (sendKey === 'invalid_request') return failure(sendKey);
      // Sent before: answered as then, before any limit counts it again.
      const sent = await firstSend(db, sendKey);
      if (sent) return answerAgain(sent, token);
      const writes = CONVERSATION_LIMITS.finderMessagesPerHour * limitFactor;
      if (!(await withinRateLimit(db, `conversation-write:${client}`, writes, 3600)))
        return failure('message_rate_limited', hour);
      const written = await call<Written>(db, 'record_conversation_message', {
        p_token: token,
        p_message: message,
        p_send_key: sendKey,
      });
      // The same key sent at the same time: the first one stored it, and tells the household.
      if (written.status === undefined) return answerAgain(written, token);
      if (written.status !== 'recorded') return failure(CLOSED[written.status] ?? 'conversation_not_found');
      await alertHousehold(
        env,
        written,
        (to) =>
          ownerMail({
            to,
            subject: `Nouveau message au sujet de ${written.animal_name}`,
            paragraphs: [
              { text: `La personne qui a trouvé ${written.animal_name} (${written.code}) vous a écrit de nouveau.` },
              { text: message, quote: true },
            ],
            action: { label: 'Répondre dans vos messages', href: animalHistoryUrl(env, written.animal_id) },
          }),
        {
          title: `Nouveau message au sujet de ${written.animal_name}`,
          body: `La personne qui a trouvé ${written.animal_name} vous a écrit de nouveau.`,
          url: animalHistoryPath(written.animal_id),
          tag: `message-${written.animal_id}`,
        },
      );
      return json({ sent: true });
    }

    const seen = await call<{ status: string; language?: string; reach?: Record<string, unknown> }>(
      db,
      'finder_conversation',
      { p_token: token },
    );
    if (seen.status !== 'open') {
      // A closed link is said in the finder's language: their page reads it here. A blocked or expired one
      // keeps the way back to the animal (`reach`: its code, name and the numbers its page shows).
      const code = CLOSED[seen.status] ?? 'conversation_not_found';
      const language = seen.language ? { language: seen.language } : {};
      const reach = seen.reach ? { reach: seen.reach } : {};
      return json({ code, error: FAILURES[code].message, ...language, ...reach }, FAILURES[code].status);
    }
    return json(seen, 200, { 'Cache-Control': 'private, no-store' });
  })(request);
}

/** The first send's answer again; a key of another conversation's message is no resend of this one. */
function answerAgain(sent: FirstSend, token: string): Response {
  if (token !== sent.conversation_token && token !== sent.mail_token) return failure('invalid_request');
  return json({ sent: true });
}
