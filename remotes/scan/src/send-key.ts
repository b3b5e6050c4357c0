/**
 * The key a finder's message form is drawn with (post_finder_message's and conversation's `send_key`): sent again
 * with the same key, after an answer that never came or said the service failed, the message is stored once and
 * answered as the first time. A version-4 UUID from getRandomValues, which every browser has, where
 * crypto.randomUUID wants a secure context.
 */
export function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What the server's page writes where the form's key goes: a page rendered for one finder may be given to the
 * next ones (server-page.tsx), and each page given out gets a key of its own in its place.
 */
export const SEND_KEY_SLOT = 'send-key-slot';
