// An operator's suspension told to the medal's owner (claim_suspension_notices): what the finder now sees,
// and whom to write to. Written by deliver-outbox, which runs every minute, so the operators' tool needs no
// e-mail of its own and never learns the owner's address.
import { call, type ServiceDatabase } from './database.ts';
import type { FunctionEnv } from './env.ts';
import { editAnimalUrl } from './links.ts';
import type { Mail } from './mail.ts';
import { ownerMail } from './mail-layout.ts';
import { sendOrQueue } from './outbox.ts';

/** What claim_suspension_notices answers for each suspension to tell. */
export interface SuspensionNotice {
  code: string;
  animal_id: string;
  animal_name: string;
  owner_email: string;
}

/** Where an owner writes about a suspension: the support address the edit page gives. */
const SUPPORT_EMAIL = 'contact@medaille.fr';

export function suspensionMail(env: FunctionEnv, notice: SuspensionNotice): Mail {
  const name = notice.animal_name;
  return ownerMail({
    to: notice.owner_email,
    subject: `La médaille de ${name} est suspendue`,
    paragraphs: [
      {
        text: `Le support de Médaille a suspendu la médaille ${notice.code} de ${name}. Tant qu'elle est suspendue, qui la scanne voit « Médaille suspendue », et rien de ${name} : ni sa fiche, ni un moyen de vous joindre.`,
      },
      {
        text: 'Pour savoir pourquoi, ou pour la faire réactiver, écrivez-nous :',
        link: { label: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
      },
    ],
    action: { label: `Voir la fiche de ${name}`, href: editAnimalUrl(env, notice.animal_id) },
  });
}

/** Claims the suspensions not told yet and sends (or queues) their e-mails; answers how many. */
export async function tellSuspensions(env: FunctionEnv, db: ServiceDatabase): Promise<number> {
  const notices = await call<SuspensionNotice[]>(db, 'claim_suspension_notices', {});
  await sendOrQueue(
    env,
    notices.map((notice) => suspensionMail(env, notice)),
  );
  return notices.length;
}
