// The households told of animals found without a medal near their loss (docs/product/found.md, 'Matching'): at
// most once an hour per search, by e-mail and push, how many and the latest three as the loss panel lists them
// (the species, when, the place typed, the signs, how far from the area); never the finder's point or link.
// Claimed by deliver-outbox each minute; what a push or an e-mail provider fails waits in its outbox.
import { call, type ServiceDatabase } from './database.ts';
import { agreeWith, speciesLabel } from './domain/index.ts';
import type { FunctionEnv } from './env.ts';
import { editAnimalPath, editAnimalUrl } from './links.ts';
import { ownerMail } from './mail-layout.ts';
import { sendOrQueue } from './outbox.ts';
import { pushHousehold } from './push.ts';

interface FoundReport {
  species: string;
  found_at: string;
  place: string | null;
  description: string | null;
  distance_m: number;
}

interface MatchNews {
  search_id: string;
  animal_id: string;
  animal_name: string;
  animal_sex: string | null;
  count: number;
  reports: FoundReport[];
  recipients: string[];
}

const subjectOf = (news: MatchNews) =>
  news.count === 1
    ? `Un animal trouvé près de la zone de recherche de ${news.animal_name}`
    : `${news.count} animaux trouvés près de la zone de recherche de ${news.animal_name}`;

/** One report as the e-mail lists it. */
function reportLine(report: FoundReport): string {
  const day = new Date(report.found_at).toLocaleDateString('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
  const where = report.place ? ` : ${report.place}` : '';
  const signs = report.description ? ` ${report.description}` : '';
  return `${speciesLabel(report.species)} trouvé le ${day}${where}, à environ ${report.distance_m} m du centre de la zone.${signs}`;
}

export async function tellHouseholdsOfFoundMatches(env: FunctionEnv, db: ServiceDatabase): Promise<number> {
  const claimed = await call<MatchNews[]>(db, 'claim_found_matches', {});
  for (const news of claimed) {
    const lost = agreeWith(news.animal_sex, { male: 'perdu', female: 'perdue' });
    const itIs = agreeWith(news.animal_sex, { male: 'lui', female: 'elle' });
    await Promise.all([
      pushHousehold(env, db, news.animal_id, {
        title: subjectOf(news),
        body: `Regardez sa description : est-ce ${itIs} ?`,
        url: editAnimalPath(news.animal_id),
        tag: `found-match-${news.search_id}`,
      }),
      sendOrQueue(
        env,
        news.recipients.map((to) =>
          ownerMail({
            to,
            subject: subjectOf(news),
            paragraphs: [
              {
                text: `Quelqu'un a signalé sur Médaille un animal trouvé sans médaille près de l'endroit où ${news.animal_name} a été ${lost}. Est-ce ${itIs} ?`,
              },
              ...news.reports.map((report) => ({ text: reportLine(report) })),
            ],
            action: { label: "Voir les animaux trouvés près d'ici", href: editAnimalUrl(env, news.animal_id) },
          }),
        ),
      ),
    ]);
  }
  return claimed.length;
}
