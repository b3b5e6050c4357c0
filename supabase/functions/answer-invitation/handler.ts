// answer-invitation {token, answer?}: the link of an invitation to an animal's household, or of the offer of
// the animal itself (docs/decisions/0016-household.md). Opening the link changes nothing, as mail services'
// scanners open every link of an e-mail before its reader does: without `answer` the function answers what the
// invitation offers (animal_invitation_offer, read with the service role: the link's token is its only credential, and
// its reader may have no account yet). The person answers with a button: `answer: 'accept'` with the session
// of the invited address (accept_animal_invitation with the caller's token), `answer: 'refuse'` with the
// link's token alone (refuse_animal_invitation). Either way the sender is told by e-mail, through the outbox.
// Reading and refusing are counted per client: guessing tokens costs tries like using one.
import { finderIdentity } from '../_shared/client.ts';
import {
  backendError,
  call,
  callerCredentials,
  callerDatabase,
  serviceDatabase,
  withinRateLimit,
} from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, json, readJsonObject } from '../_shared/http.ts';
import { accountUrl, editAnimalUrl, ICAD_URL } from '../_shared/links.ts';
import type { Mail } from '../_shared/mail.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { sendOrQueue } from '../_shared/outbox.ts';

/** What the database says of an invitation: its animal, who sent it, to whom, the role offered. */
interface Summary {
  animal_id: string;
  animal_name: string;
  inviter_email: string | null;
  email: string;
  role: 'owner' | 'co_owner' | 'keeper';
  access_until: string | null;
  expires_at: string;
}

type Answer<T> =
  | ({ success: true } & Summary & T)
  | ({ success: false; reason: string; error: string } & Partial<Summary>);

/** An invitation's token as invite_animal_member draws it: 64 hexadecimal digits. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** Reads and refusals an hour per client: far more than a person answering their invitations needs. */
const TRIES_PER_HOUR = 120;

/** The HTTP status of each refusal of the database. */
const REFUSAL_STATUS: Record<string, number> = {
  session_expired: 401,
  invitation_unavailable: 404,
  wrong_account: 403,
  email_not_confirmed: 403,
  already_member: 409,
  already_accepted: 409,
};

/** A refusal of the database as the function answers it; `already_accepted` keeps the way to the animal. */
function refusal(answer: Extract<Answer<unknown>, { success: false }>): Response {
  const animal =
    answer.reason === 'already_accepted'
      ? { animal_id: answer.animal_id, animal_name: answer.animal_name, role: answer.role }
      : {};
  return json({ code: answer.reason, error: answer.error, ...animal }, REFUSAL_STATUS[answer.reason] ?? 400);
}

export default function answerInvitation(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('answer-invitation', async () => {
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const { token, answer } = input;
    if (typeof token !== 'string' || (answer !== undefined && answer !== 'accept' && answer !== 'refuse')) {
      return failure('invalid_request');
    }
    if (answer === 'accept') return accept(request, env, token);

    const db = serviceDatabase(env);
    const { hash: client, limitFactor } = await finderIdentity(request, env);
    if (!(await withinRateLimit(db, `invitation-link:${client}`, TRIES_PER_HOUR * limitFactor, 3600))) {
      return failure('invitation_rate_limited', { 'Retry-After': '3600' });
    }
    if (!TOKEN_PATTERN.test(token)) return failure('invitation_unavailable');
    if (answer === 'refuse') {
      const refused = await call<Answer<unknown>>(db, 'refuse_animal_invitation', { p_token: token });
      if (!refused.success) return refusal(refused);
      await sendOrQueue(env, senderMails(env, refused, 'refused'));
      return json({ refused: true });
    }
    const offer = await call<Answer<{ state: 'pending' | 'accepted' }>>(db, 'animal_invitation_offer', {
      p_token: token,
    });
    if (!offer.success) return refusal(offer);
    const shown = {
      state: offer.state,
      animal_id: offer.animal_id,
      animal_name: offer.animal_name,
      inviter_email: offer.inviter_email,
      email: offer.email,
      role: offer.role,
      access_until: offer.access_until,
      expires_at: offer.expires_at,
    };
    return json(shown, 200, { 'Cache-Control': 'private, no-store' });
  })(request);
}

/** 'Accepter', with the caller's own session: the database checks that it is the invited address's. */
async function accept(request: Request, env: FunctionEnv, token: string): Promise<Response> {
  const credentials = callerCredentials(request, env);
  if (!credentials) return failure('unauthenticated');
  const { data, error, status } = await callerDatabase(env, credentials).rpc('accept_animal_invitation', {
    p_token: token,
  });
  if (error) {
    // PostgREST's answers: no signed-in user (the anon role, a refused token), the service role (not granted).
    if (status === 401) return failure('unauthenticated');
    if (status === 403) return failure('forbidden');
    throw backendError('accept_animal_invitation', status, error);
  }
  const accepted = data as Answer<unknown>;
  if (!accepted.success) return refusal(accepted);
  // Who sent it, for their e-mail: the accepted invitation stays readable by its token, which the caller
  // answered with (the database gives the caller nobody's address).
  const sent = await call<Answer<unknown>>(serviceDatabase(env), 'animal_invitation_offer', { p_token: token }).catch(
    (failed) => {
      // Accepted all the same: only the sender's word is lost.
      console.error('[answer-invitation] the sender could not be told:', failed);
      return null;
    },
  );
  if (sent?.success) await sendOrQueue(env, senderMails(env, sent, 'accepted'));
  return json({
    accepted: true,
    animal_id: accepted.animal_id,
    animal_name: accepted.animal_name,
    role: accepted.role,
  });
}

const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The role a member joined with, as the sender reads it. */
function roleWords(invitation: Summary): string {
  return invitation.role === 'keeper' && invitation.access_until
    ? `gardien·ne jusqu'au ${longDate.format(new Date(`${invitation.access_until}T00:00:00Z`))} inclus`
    : 'co-propriétaire';
}

/** The sender's e-mail: their invitation or offer accepted or refused, and what it changed. */
function senderMails(env: FunctionEnv, invitation: Summary, outcome: 'accepted' | 'refused'): Mail[] {
  if (!invitation.inviter_email) return [];
  const to = invitation.inviter_email;
  const name = invitation.animal_name;
  const animalPage = editAnimalUrl(env, invitation.animal_id);
  if (invitation.role === 'owner' && outcome === 'accepted') {
    return [
      ownerMail({
        to,
        subject: `${name} a un nouveau propriétaire`,
        paragraphs: [
          {
            text: `${invitation.email} a accepté ${name} : sa médaille, ses photos, son carnet de santé et son historique sont maintenant dans son compte Médaille, et vous n'y avez plus accès.`,
          },
          {
            text: "Si ce n'est pas encore fait, déclarez aussi la cession à l'I-CAD, le fichier national d'identification :",
            link: { label: 'www.i-cad.fr', href: ICAD_URL },
          },
        ],
        action: { label: 'Voir mes animaux', href: accountUrl(env) },
      }),
    ];
  }
  if (invitation.role === 'owner') {
    return [
      ownerMail({
        to,
        subject: `Proposition refusée : ${name} reste dans votre compte`,
        paragraphs: [
          {
            text: `${invitation.email} a refusé votre proposition : ${name} reste dans votre compte, rien n'a changé.`,
          },
        ],
        action: { label: `Voir la fiche de ${name}`, href: animalPage },
      }),
    ];
  }
  if (outcome === 'accepted') {
    return [
      ownerMail({
        to,
        subject: `${invitation.email} a rejoint le foyer de ${name}`,
        paragraphs: [
          {
            text: `${invitation.email} a accepté votre invitation et fait maintenant partie du foyer de ${name}, comme ${roleWords(invitation)}.`,
          },
          { text: `Depuis la fiche de ${name}, vous pouvez à tout moment retirer cette personne du foyer.` },
        ],
        action: { label: `Voir le foyer de ${name}`, href: animalPage },
      }),
    ];
  }
  return [
    ownerMail({
      to,
      subject: `Invitation refusée : le foyer de ${name}`,
      paragraphs: [{ text: `${invitation.email} a refusé votre invitation à rejoindre le foyer de ${name}.` }],
      action: { label: `Voir le foyer de ${name}`, href: animalPage },
    }),
  ];
}
