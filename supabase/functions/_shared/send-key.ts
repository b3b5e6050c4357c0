// A finder's message carries the key its form was drawn with (`send_key`, a random UUID): sent again after an
// answer that never came, or that said the service failed, it is stored once and answered as the first time.
// finder_message_sent waits for a send that holds the key, so a resend made while the first is still stuck (a
// locked table, past the host's budget) is answered as the first one ends, from what it stored.
import { call, type ServiceDatabase } from './database.ts';
import { isUuid } from './http.ts';

/** What the first send with a key stored: its conversation's code and the finder's two link tokens. */
export interface FirstSend {
  code: string;
  conversation_token: string;
  mail_token: string | null;
}

/** The request's key: none, a UUID, or the refusal of anything else. */
export function readSendKey(input: Record<string, unknown>): string | null | 'invalid_request' {
  if (input.send_key === undefined || input.send_key === null) return null;
  return isUuid(input.send_key) ? input.send_key.toLowerCase() : 'invalid_request';
}

/** The first send with this key, once it has ended; null when none stored anything. */
export function firstSend(db: ServiceDatabase, key: string | null): Promise<FirstSend | null> {
  return key ? call<FirstSend | null>(db, 'finder_message_sent', { p_send_key: key }) : Promise.resolve(null);
}
