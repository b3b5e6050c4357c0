// invite-member {animal_id, email, role, access_until}: an animal's owner invites someone to its household as
// co-owner or keeper, or offers them the animal itself (role 'owner': a change of owner)
// (docs/decisions/0016-household.md). The database decides with the caller's own token (invite_animal_member), checks
// the address, the role and the end date, and answers the invitation's token once; this function e-mails the link. The
// e-mail is kept in the outbox until sent, even for an address that has no account yet.
import { backendError, callerCredentials, callerDatabase } from '../_shared/database.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { failure, handle, isUuid, json, readJsonObject } from '../_shared/http.ts';
import { ICAD_URL, invitationUrl } from '../_shared/links.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { sendOrQueue } from '../_shared/outbox.ts';

type Invitation =
  | {
      success: true;
      token: string;
      animal_name: string;
      inviter_email: string;
      email: string;
      role: 'owner' | 'co_owner' | 'keeper';
      access_until: string | null;
    }
  | { success: false; reason: string; error: string };

/** The HTTP status of each refusal of invite_animal_member; the others are the input's (400). */
const REFUSAL_STATUS: Record<string, number> = { session_expired: 401, not_owner: 403, too_many_invitations: 429 };

export default function inviteMember(request: Request, env: FunctionEnv): Promise<Response> {
  return handle('invite-member', async () => {
    const credentials = callerCredentials(request, env);
    if (!credentials) return failure('unauthenticated');
    const input = await readJsonObject(request);
    if (!input) return failure('invalid_request');
    const { animal_id: animalId, email, role, access_until: accessUntil = null } = input;
    if (!isUuid(animalId)) return failure('invalid_animal_id');
    if (typeof email !== 'string' || typeof role !== 'string') return failure('invalid_request');
    if (accessUntil !== null && typeof accessUntil !== 'string') return failure('invalid_request');

    const { data, error, status } = await callerDatabase(env, credentials).rpc('invite_animal_member', {
      p_animal_id: animalId,
      p_email: email,
      p_role: role,
      p_access_until: accessUntil,
    });
    if (error) {
      // PostgREST's answers: no signed-in user (the anon role, a refused token), the service role (no user,
      // not granted), a date that is no date (22007, 22008).
      if (status === 401) return failure('unauthenticated');
      if (status === 403) return failure('forbidden');
      if (status === 400) return failure('invalid_request');
      throw backendError('invite_animal_member', status, error);
    }
    const invitation = data as Invitation;
    if (!invitation.success) {
      return json({ code: invitation.reason, error: invitation.error }, REFUSAL_STATUS[invitation.reason] ?? 400);
    }
    await sendOrQueue(env, [invitationMail(env, invitation)], { toAnyAddress: true });
    return json({ invited: true, email: invitation.email });
  })(request);
}

const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function invitationMail(env: FunctionEnv, invitation: Extract<Invitation, { success: true }>) {
  const name = invitation.animal_name;
  const accept = { label: "Accepter l'invitation", href: invitationUrl(env, invitation.token) };
  const howTo =
    "Pour accepter, ouvrez le lien ci-dessous, puis connectez-vous ou créez votre compte avec cette adresse e-mail. L'invitation est valable 14 jours.";
  if (invitation.role === 'owner') {
    return ownerMail({
      to: invitation.email,
      subject: `Invitation à devenir propriétaire de ${name}`,
      paragraphs: [
        {
          text: `${invitation.inviter_email} vous confie ${name} sur Médaille : en acceptant, vous en devenez le propriétaire. Sa médaille, ses photos, son carnet de santé et son historique vous suivent, et l'ancien propriétaire n'y a plus accès.`,
        },
        {
          text: "En France, le changement de propriétaire doit aussi être déclaré à l'I-CAD, le fichier national d'identification, avec le certificat de cession :",
          link: { label: 'www.i-cad.fr', href: ICAD_URL },
        },
        { text: howTo },
      ],
      action: accept,
      after: [{ text: 'Si vous ne connaissez pas cette personne, ignorez cet e-mail : rien ne se passera.' }],
    });
  }
  const role =
    invitation.role === 'keeper'
      ? `gardien·ne jusqu'au ${longDate.format(new Date(`${invitation.access_until}T00:00:00Z`))} inclus : vous verrez son profil, ses messages et son historique, recevrez ses alertes et pourrez le signaler perdu ou retrouvé.`
      : 'co-propriétaire : vous pourrez modifier son profil, recevoir ses alertes et répondre à qui le trouve.';
  return ownerMail({
    to: invitation.email,
    subject: `Invitation à rejoindre le foyer de ${name}`,
    paragraphs: [
      { text: `${invitation.inviter_email} vous invite sur Médaille à veiller sur ${name}, comme ${role}` },
      { text: howTo },
    ],
    action: accept,
    after: [{ text: 'Si vous ne connaissez pas cette personne, ignorez cet e-mail : rien ne se passera.' }],
  });
}
