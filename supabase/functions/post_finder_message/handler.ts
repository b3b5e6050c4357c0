// post_finder_message {code, message?, contact?, photo?, language?, email?, status?, place?, position?, consent?}:
// a finder writes to the owner, with one photo of the animal if they like (base64), and may say what they are
// doing (`status`): 'with_me', 'seen_here' (with `position` {lat, lon, accuracy} if they agree: `consent`
// true), 'dropped_off' (with the `place`); the household is then told at once. The message is stored, then e-mailed to the owner's account
// address, which the finder never learns. The photo goes to the private finder-photos bucket, which only the
// owner reads; the e-mail links to the animal's inbox in the portal (with or without a photo), never to the file.
// The message opens a conversation (docs/decisions/0017-finder-owner-conversation.md): the answer gives the finder its
// private link, which is also e-mailed to `email` if they gave one (never shown to the owner), in `language`, the
// page's. `send_key`: the key the finder's form was drawn with (_shared/send-key.ts): the same key again stores nothing
// more and is answered as the first time.
import { finderIdentity } from '../_shared/client.ts';
import { call, serviceDatabase, withinRateLimit } from '../_shared/database.ts';
import {
  agreeWith,
  CONVERSATION_LIMITS,
  EMAIL_PATTERN,
  FINDER_PHOTO_BUCKET,
  type FinderLanguage,
  type FinderStatus,
  finderContactHref,
  finderStatusWords,
  hasControlCharacters,
  isFinderLanguage,
  isFinderStatus,
  isHoneypotFilled,
  LIMITS,
  mapsPointUrl,
  normalizeCode,
  trimToNull,
} from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { mailFinders } from '../_shared/finder-mail.ts';
import { readFinderPhoto, storeFinderPhoto } from '../_shared/finder-photo.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { animalHistoryPath, animalHistoryUrl, conversationUrl } from '../_shared/links.ts';
import { type MailParagraph, ownerMail } from '../_shared/mail-layout.ts';
import type { FailureCode } from '../_shared/messages.ts';
import { alertHousehold, type OwnerMailDecision } from '../_shared/owner-digest.ts';
import { readPosition, type SharedPosition } from '../_shared/position.ts';
import { type FirstSend, firstSend, readSendKey } from '../_shared/send-key.ts';
import { removePhotoFiles } from '../_shared/storage.ts';

interface StoredMessage extends OwnerMailDecision {
  repeated?: undefined;
  code: string;
  animal_id: string;
  animal_name: string;
  /** M, F or null: the finder's words and the subject agree with it. */
  animal_sex: string | null;
  recipients: string[];
  conversation_token: string;
  /** The token of the link e-mailed to the finder's address, when they gave one (conversations.mail_token). */
  finder_mail_token: string | null;
}

/** record_finder_message's answer: the message stored now, or the first one stored with its key. */
type Recorded = StoredMessage | ({ repeated: true } & FirstSend);

const text = (value: unknown) => trimToNull(typeof value === 'string' ? value : null);

/** What the finder says they are doing, and what goes with it. */
interface SaidStatus {
  status: FinderStatus;
  place: string | null;
  position: SharedPosition | null;
}

/** The request's status, place and position, or the refusal of what does not go together. */
function readStatus(input: Record<string, unknown>): SaidStatus | null | FailureCode {
  if (input.status === undefined || input.status === null || input.status === '') return null;
  if (!isFinderStatus(input.status)) return 'invalid_request';
  const status = input.status;
  const place = status === 'dropped_off' ? text(input.place) : null;
  if (status === 'dropped_off') {
    if (!place) return 'place_required';
    if (place.length > CONVERSATION_LIMITS.statusPlaceMaxLength) return 'place_too_long';
    if (hasControlCharacters(place)) return 'invalid_characters';
  }
  if (status !== 'seen_here' || input.position === undefined || input.position === null) {
    return { status, place, position: null };
  }
  if (input.consent !== true) return 'consent_required';
  const given = typeof input.position === 'object' ? (input.position as Record<string, unknown>) : {};
  const position = readPosition(given.lat, given.lon, given.accuracy);
  return position ? { status, place, position } : 'invalid_location';
}

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
    const said = readStatus(input);
    if (typeof said === 'string') return failure(said);
    if (!message && !contact && !said) return failure('message_empty');
    if (message && message.length > LIMITS.messageMaxLength) return failure('message_too_long');
    if (contact && contact.length > LIMITS.finderContactMaxLength) return failure('contact_too_long');
    if ((message && hasControlCharacters(message)) || (contact && hasControlCharacters(contact)))
      return failure('invalid_characters');
    const email = text(input.email)?.toLowerCase() ?? null;
    if (email && (email.length > LIMITS.emailMaxLength || !EMAIL_PATTERN.test(email)))
      return failure('finder_email_invalid');
    const language: FinderLanguage = isFinderLanguage(input.language) ? input.language : 'fr';
    const photo = input.photo === undefined || input.photo === null ? null : readFinderPhoto(input.photo);
    if (typeof photo === 'string') return failure(photo);
    const sendKey = readSendKey(input);
    if (sendKey === 'invalid_request') return failure(sendKey);
    const { hash: client, limitFactor } = await finderIdentity(request, env);

    const db = serviceDatabase(env);
    // Sent before: answered as then, before any limit counts it again.
    const sent = await firstSend(db, sendKey);
    if (sent) return answerAgain(env, sent, code);
    // Per address and medal: many finders behind one address (a café, a carrier's NAT) may each write to it;
    // the household's e-mails have their own limits (alertHousehold).
    const perHour = Number(env.MESSAGE_RATE_LIMIT_PER_HOUR ?? 60) * limitFactor;
    if (!(await withinRateLimit(db, `message:${code}:${client}`, perHour, 3600))) {
      return failure('message_rate_limited', { 'Retry-After': '3600' });
    }
    let photoPath: string | null = null;
    if (photo) {
      const folder = await call<string | null>(db, 'finder_photo_folder', { p_code: code });
      if (!folder) return failure('code_not_found');
      const stored = await storeFinderPhoto(env, db, folder, { hash: client, limitFactor }, photo);
      if (stored.refusal) return failure(stored.refusal, stored.headers);
      photoPath = stored.path;
    }
    let recorded = null as Recorded | null;
    try {
      recorded = await call<Recorded | null>(db, 'record_finder_message', {
        p_code: code,
        p_message: message,
        p_contact: contact,
        p_photo_path: photoPath,
        p_client_hash: client,
        p_language: language,
        p_finder_email: email,
        p_status: said?.status ?? null,
        p_status_place: said?.place ?? null,
        p_seen_lat: said?.position?.lat ?? null,
        p_seen_lon: said?.position?.lon ?? null,
        p_seen_accuracy_m: said?.position?.accuracy ?? null,
        p_send_key: sendKey,
      });
    } finally {
      // No message, no photo: a file whose message was not stored is removed at once (else the sweep's).
      if (photoPath && (!recorded || recorded.repeated)) await removePhotoFiles(env, [photoPath], FINDER_PHOTO_BUCKET);
    }
    if (!recorded) return failure('code_not_found');
    // The same key sent at the same time: the first one stored it, and mails it.
    if (recorded.repeated) return answerAgain(env, recorded, code);
    const stored = recorded;
    await alertHousehold(
      env,
      stored,
      (to) => messageMail(env, to, stored, { message, contact, said, withPhoto: photoPath !== null }),
      {
        title: said ? statusSubject(stored, said) : `Message au sujet de ${stored.animal_name}`,
        // Nothing the finder typed: the lock screen is anyone's to read.
        body: said
          ? `« ${finderStatusWords(stored.animal_sex)[said.status]} » Répondez-lui dans vos messages.`
          : `Quelqu'un a scanné la médaille de ${stored.animal_name} et vous a écrit.`,
        url: animalHistoryPath(stored.animal_id),
        tag: `message-${stored.animal_id}`,
      },
    );
    if (email && stored.finder_mail_token) {
      const link = { to: email, token: stored.finder_mail_token, language, animalName: stored.animal_name };
      await mailFinders(env, db, [{ kind: 'link', ...link }]);
    }
    return json({ ok: true, conversation_url: conversationUrl(env, stored.conversation_token) });
  })(request);
}

/** The first send's answer again; a key of another medal's message is no resend of this one. */
function answerAgain(env: FunctionEnv, sent: FirstSend, code: string): Response {
  if (sent.code !== code) return failure('invalid_request');
  return json({ ok: true, conversation_url: conversationUrl(env, sent.conversation_token) });
}

/** What the finder sent, as the household's e-mail tells it. */
interface SentMessage {
  message: string | null;
  contact: string | null;
  said: SaidStatus | null;
  withPhoto: boolean;
}

function messageMail(env: FunctionEnv, to: string, stored: StoredMessage, sent: SentMessage) {
  const name = stored.animal_name;
  const { message, contact, said, withPhoto } = sent;
  return ownerMail({
    to,
    subject: said ? statusSubject(stored, said) : `Message au sujet de ${name}`,
    paragraphs: [
      said
        ? { text: `Quelqu'un a scanné la médaille de ${name} (${stored.code}) et vous dit :` }
        : { text: `Quelqu'un a scanné la médaille de ${name} (${stored.code}) et vous a écrit.` },
      ...(said ? [statusParagraph(said, stored.animal_sex)] : []),
      ...(message ? [{ text: message, quote: true }] : []),
      reachParagraph(contact),
      ...(withPhoto
        ? [{ text: `Cette personne a joint une photo de ${name}. Vous la verrez dans vos messages.` }]
        : []),
    ],
    action: { label: 'Voir dans vos messages', href: animalHistoryUrl(env, stored.animal_id) },
  });
}

function statusSubject({ animal_name: name, animal_sex: sex }: StoredMessage, said: SaidStatus): string {
  switch (said.status) {
    case 'with_me':
      return `${name} est avec quelqu'un qui l'a ${agreeWith(sex, { male: 'trouvé', female: 'trouvée' })}`;
    case 'seen_here':
      return `Quelqu'un a vu ${name}`;
    case 'dropped_off':
      // The place is the finder's words: in the e-mail's body, never on a lock screen or in a subject.
      return `Quelqu'un a déposé ${name}`;
  }
}

/**
 * The finder's words, with the place they name or the point they saw the animal at (a link to the map): a quote,
 * which the layout sets off (a block in HTML, « » in the text part), so not quoted here too (the text
 * part once read '« « Je l'ai avec moi » »'). The place on a line of its own.
 */
function statusParagraph(said: SaidStatus, sex: string | null): MailParagraph {
  const words = finderStatusWords(sex)[said.status];
  if (said.place) return { text: `${words}\nLieu : ${said.place}`, quote: true };
  if (!said.position) return { text: words, quote: true };
  const href = mapsPointUrl(said.position.lat, said.position.lon);
  return { text: words, quote: true, link: { label: "Voir l'endroit sur la carte", href } };
}

/** How to reach the finder: their phone number or e-mail address as a link, other words as they wrote them. */
function reachParagraph(contact: string | null): MailParagraph {
  if (!contact) return { text: "Cette personne n'a pas laissé de moyen de contact." };
  const href = finderContactHref(contact);
  return href
    ? { text: 'Pour lui répondre :', link: { label: contact, href } }
    : { text: `Pour lui répondre : ${contact}` };
}
