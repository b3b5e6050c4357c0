// The household's alerts about a finder's message or position (e-mail and push), and the digest: once the finders of an hour
// have used up an animal's e-mails (10 clients, see owner_mail_decision), its members get this one e-mail
// instead of silence, at most once an hour, whether a message or a shared position reached the cap.
import { inBackground } from './background.ts';
import { serviceDatabase } from './database.ts';
import type { FunctionEnv } from './env.ts';
import { animalHistoryUrl } from './links.ts';
import type { Mail } from './mail.ts';
import { ownerMail } from './mail-layout.ts';
import { sendOrQueue } from './outbox.ts';
import { type PushPayload, pushHousehold } from './push.ts';

/** What record_finder_message and record_scan answer when the digest is due. */
export interface DigestDue {
  code: string;
  animal_id: string;
  animal_name: string;
  /** The members who chose the animal's alerts by e-mail (alert_recipients). */
  recipients: string[];
  unread_messages: number;
}

/** What record_finder_message and record_scan decided about the owner's e-mails (owner_mail_decision). */
export interface OwnerMailDecision {
  /** This message's or position's own e-mail. */
  notify: boolean;
  /** The digest instead: this one found the hour's e-mails about the animal used up. */
  digest: boolean;
  unread_messages: number | null;
}

/**
 * Sends each recipient what the database decided: this one's own e-mail (`ownMail`), or the digest, or
 * nothing; and with its own e-mail, `push` to the household's devices. Never throws: what was stored is the
 * finder's success, and an e-mail or a push not sent now waits in its outbox.
 */
export async function alertHousehold(
  env: FunctionEnv,
  recorded: Omit<DigestDue, 'unread_messages'> & OwnerMailDecision,
  ownMail: (to: string) => Mail,
  push: PushPayload,
): Promise<void> {
  // After the answer, as the e-mails' attempts: the finder never waits for a push service.
  if (recorded.notify) inBackground(pushHousehold(env, serviceDatabase(env), recorded.animal_id, push));
  const mails: Mail[] = [];
  try {
    for (const to of recorded.recipients) {
      if (recorded.notify) mails.push(ownMail(to));
      if (recorded.digest)
        mails.push(ownerDigestMail(env, { ...recorded, unread_messages: recorded.unread_messages ?? 0 }, to));
    }
  } catch (error) {
    console.error("[mail] the household's e-mails could not be written:", error);
  }
  await sendOrQueue(env, mails);
}

export function ownerDigestMail(env: FunctionEnv, due: DigestDue, to: string): Mail {
  const name = due.animal_name;
  const intro = `Beaucoup de personnes vous ont écrit ou ont partagé la position de ${name} (${due.code}) en peu de temps. Pour ne pas remplir votre boîte, nous ne vous écrivons plus pour chaque nouvelle personne pendant une heure : tout est gardé pour vous.`;
  const unread =
    due.unread_messages === 1
      ? '1 message non lu vous attend'
      : `${due.unread_messages} messages non lus vous attendent`;
  return ownerMail({
    to,
    subject: `D'autres messages au sujet de ${name}`,
    paragraphs: [{ text: intro }, { text: `${unread}.` }],
    action: { label: 'Voir vos messages', href: animalHistoryUrl(env, due.animal_id) },
  });
}
