// A stolen animal's medal page was opened (docs/product/theft.md): the page answered as for any animal, the
// household is told at once, by push and e-mail, when, in which language the page was read, and that the
// finder does not know. Whom to tell came with the page's own answer (public_profile_for_client, which decided
// and recorded it in the same call); this runs after the answer (inBackground): the page never waits for it.
import type { ServiceDatabase } from '../_shared/database.ts';
import { FINDER_LANGUAGE_NAMES_IN_FRENCH, type FinderLanguage } from '../_shared/domain/index.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { animalHistoryPath, animalHistoryUrl } from '../_shared/links.ts';
import { ownerMail } from '../_shared/mail-layout.ts';
import { sendOrQueue } from '../_shared/outbox.ts';
import { pushHousehold } from '../_shared/push.ts';

/** What public_profile_for_client adds for a stolen animal's household (stolen_view_alert). */
export interface StolenAlert {
  animal_id: string;
  animal_name: string;
  code: string;
  recipients: string[];
}

export async function alertOfStolenView(
  env: FunctionEnv,
  db: ServiceDatabase,
  view: StolenAlert,
  language: FinderLanguage | null,
): Promise<void> {
  const at = new Date().toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
  const read = language ? `en ${FINDER_LANGUAGE_NAMES_IN_FRENCH[language]}` : 'dans une langue inconnue';
  const scanned = `Quelqu'un vient d'ouvrir la page de la médaille de ${view.animal_name} (${view.code}), le ${at}, ${read}.`;
  await Promise.all([
    pushHousehold(env, db, view.animal_id, {
      title: `Alerte vol : la médaille de ${view.animal_name} vient d'être scannée`,
      body: scanned,
      url: animalHistoryPath(view.animal_id),
      // Each opening its own notification: none replaces the last.
      tag: `stolen-view-${view.animal_id}-${Date.now()}`,
    }),
    sendOrQueue(
      env,
      view.recipients.map((to) =>
        ownerMail({
          to,
          subject: `Alerte vol : la médaille de ${view.animal_name} vient d'être scannée`,
          paragraphs: [
            { text: scanned },
            {
              text: "La page ne parle pas du vol : la personne ne sait pas qu'il est déclaré. Si elle partage sa position ou vous écrit, vous le saurez aussitôt.",
            },
            {
              text: "Transmettez ces informations aux enquêteurs, avec la référence de votre plainte, plutôt que d'aller seul·e au-devant de la personne.",
            },
          ],
          action: { label: "Voir l'historique des scans", href: animalHistoryUrl(env, view.animal_id) },
        }),
      ),
    ),
  ]);
}
