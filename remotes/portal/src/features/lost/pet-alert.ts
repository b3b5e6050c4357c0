// The words a household posts on its département's Pet Alert page (docs/product/search.md, 'Partager la
// recherche'): Pet Alert is a page per département on Facebook, fed by what owners post; the département is
// read from the postal code the household wrote in the last-seen place, when it wrote one.
import { agreeWith, sexLabel, speciesLabel } from '@medaille/domain';

/**
 * A French département's number from a place's postal code ('Rue des Lilas, 44000 Nantes' → '44'): overseas
 * ones on three digits (971 to 989), Corsica as 2A (20000 to 20199) and 2B. Null without a postal code.
 */
export function departementOf(place: string | null): string | null {
  const postal = /(?:^|\D)(\d{5})(?!\d)/.exec(place ?? '')?.[1];
  if (!postal || postal.startsWith('00')) return null;
  if (postal.startsWith('97') || postal.startsWith('98')) return postal.slice(0, 3);
  if (postal.startsWith('20')) return Number(postal) < 20200 ? '2A' : '2B';
  return postal.slice(0, 2);
}

/** What the post says of the animal and its loss. */
export interface PetAlertLoss {
  /** Null when the household hides it on the search page: the post hides it too. */
  name: string | null;
  species: string | null;
  sex: string | null;
  breed: string | null;
  color: string | null;
  /** The day it was lost, as the page shows it ('28 novembre 2026'). */
  since: string;
  place: string | null;
  description: string | null;
  /** The search page, where anyone says they saw it. */
  url: string;
}

/** The post itself, in French, one fact a line, ending with the search page. */
export function petAlertText(loss: PetAlertLoss): string {
  const { sex } = loss;
  const lost = agreeWith(sex, { male: 'PERDU', female: 'PERDUE' });
  const animal = [loss.species && speciesLabel(loss.species), sexLabel(sex)?.toLowerCase()].filter(Boolean).join(' ');
  const facts = [loss.breed && `Race : ${loss.breed}`, loss.color && `Couleur : ${loss.color}`].filter(Boolean);
  return [
    [lost, animal, loss.name && `« ${loss.name} »`].filter(Boolean).join(' – '),
    facts.join(' · '),
    `Depuis le ${loss.since}${loss.place ? `, ${agreeWith(sex, { male: 'vu', female: 'vue' })} pour la dernière fois : ${loss.place}` : ''}`,
    loss.description ?? '',
    `Vous ${agreeWith(sex, { male: 'l’avez vu', female: 'l’avez vue' })} ? Dites-le sur sa page, sans compte : ${loss.url}`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}
