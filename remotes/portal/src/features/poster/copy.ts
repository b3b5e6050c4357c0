// The words of the lost poster, as docs/product/*.md writes them (docs/decisions/0007-french-copy-is-data.md); those
// every page may show are the portal's COPY (copy.ts).
import { agreeWith } from '@medaille/domain';
import type { AnimalSex } from '../../copy.ts';

export const POSTER_COPY = {
  // The A4 poster of a lost animal.
  poster: {
    pageTitle: (name: string) => `Affiche de ${name}`,
    print: 'Imprimer',
    back: 'Retour à la fiche',
    printHint:
      'Imprimez en A4, en couleur si possible. Découpez les languettes du bas : chacun pourra emporter le numéro et l’adresse.',
    notLost: (name: string, sex: AnimalSex) =>
      `${name} n'est pas ${agreeWith(sex, { male: 'signalé comme perdu', female: 'signalée comme perdue' })} : sa fiche publique n'affiche pas « Animal signalé comme perdu ». ${agreeWith(sex, { male: 'Signalez-le', female: 'Signalez-la' })} sur sa fiche avant de poser l'affiche.`,
    noContact:
      "Aucune de vos coordonnées n'est visible publiquement : l'affiche n'a que le QR code, qui permet de vous écrire. Pour qu'on puisse vous appeler, rendez votre téléphone visible sur sa fiche.",
    lost: (sex: AnimalSex) => agreeWith(sex, { male: 'PERDU', female: 'PERDUE' }),
    since: (date: string) => `depuis le ${date}`,
    species: 'Espèce',
    breed: 'Race',
    color: 'Couleur',
    sex: 'Sexe',
    contactTitle: (sex: AnimalSex) => `Si vous ${agreeWith(sex, { male: 'le', female: 'la' })} voyez, prévenez-moi`,
    messageOnly: 'Scannez le code pour écrire à son propriétaire.',
    /** While lost, the code leads to the loss's search page. */
    reportOnly: 'Scannez le code pour prévenir sa famille, sans compte : votre numéro reste privé.',
    scanSearch: (sex: AnimalSex) =>
      `Vous ${agreeWith(sex, { male: 'l’avez vu', female: 'l’avez vue' })} ? Scannez ce code pour le dire`,
    withoutPhone: 'Affiche sans mon numéro (on me joint par Médaille)',
    scan: (sex: AnimalSex) => `Si vous ${agreeWith(sex, { male: 'le', female: 'la' })} trouvez, scannez ce code`,
    orVisit: 'ou allez sur',
    qrAlt: (code: string) => `QR code de la médaille ${code}`,
    strip: (name: string, sex: AnimalSex) => `${name} ${agreeWith(sex, { male: 'perdu', female: 'perdue' })}`,
  },
} as const;
