// post_finder_message {code, message?, contact?}: a finder writes to the owner. The message is stored,
// then e-mailed to the owner's account address, which the finder never learns.
import { clientHash } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import { hasControlCharacters, isHoneypotFilled, LIMITS, normalizeCode, trimToNull } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { escapeHtml, sendMail } from '../_shared/mail.ts';

interface StoredMessage {
  code: string;
  animal_name: string;
  owner_email: string;
  /** False once the owner has had their e-mails for this animal this hour: the message is kept all the same. */
  notify: boolean;
}

const text = (value: unknown) => trimToNull(typeof value === 'string' ? value : null);

export default function postFinderMessage(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('post_finder_message', async () => {
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    // A filled honeypot is a robot: it is told that all went well, and nothing happens.
    if (isHoneypotFilled({ website: typeof input.website === 'string' ? input.website : '' }))
      return json({ ok: true });

    const code = normalizeCode(typeof input.code === 'string' ? input.code : '');
    if (!code) return failure('code_not_found');
    const message = text(input.message);
    const contact = text(input.contact);
    if (!message && !contact) return failure('message_empty');
    if (message && message.length > LIMITS.messageMaxLength) return failure('message_too_long');
    if (contact && contact.length > LIMITS.finderContactMaxLength) return failure('contact_too_long');
    if ((message && hasControlCharacters(message)) || (contact && hasControlCharacters(contact)))
      return failure('invalid_characters');
    const client = await clientHash(request, env);
    if (!client) return failure('client_unknown');

    const db = serviceDatabase(env);
    const perHour = Number(env.MESSAGE_RATE_LIMIT_PER_HOUR ?? 5);
    if (!(await withinRateLimit(db, `message:${code}:${client}`, perHour, 3600))) {
      return failure('message_rate_limited', { 'Retry-After': '3600' });
    }
    const stored = await call<StoredMessage | null>(db, 'record_finder_message', {
      p_code: code,
      p_message: message,
      p_contact: contact,
    });
    if (!stored) return failure('code_not_found');
    if (stored.notify) await sendMail(env, ownerMail(stored, message, contact));
    return json({ ok: true });
  })(request);
}

function ownerMail(stored: StoredMessage, message: string | null, contact: string | null) {
  const name = stored.animal_name;
  const intro = `Quelqu'un a scanné la médaille de ${name} (${stored.code}) et vous a écrit.`;
  const reach = contact ? `Pour lui répondre : ${contact}` : "Cette personne n'a pas laissé de moyen de contact.";
  return {
    to: stored.owner_email,
    subject: `Message au sujet de ${name}`,
    text: `Bonjour,\n\n${intro}\n\n${message ? `« ${message} »\n\n` : ''}${reach}\n\nL'équipe Médaille\n`,
    html: `<p>Bonjour,</p><p>${escapeHtml(intro)}</p>${message ? `<blockquote>${escapeHtml(message)}</blockquote>` : ''}<p>${escapeHtml(reach)}</p><p>L'équipe Médaille</p>`,
  };
}
