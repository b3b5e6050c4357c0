// The words of a theft's panel, as docs/product/theft.md writes them (docs/decisions/0007-french-copy-is-data.md).
import { agreeWith } from '@medaille/domain';
import type { AnimalSex } from '../../copy.ts';
import { ICAD_URL } from '../../ui/icad.ts';

const stolen = (sex: AnimalSex) => agreeWith(sex, { male: 'volé', female: 'volée' });
const found = (sex: AnimalSex) => agreeWith(sex, { male: 'retrouvé', female: 'retrouvée' });

export const THEFT_COPY = {
  title: 'Vol',
  intro: (name: string, sex: AnimalSex) =>
    `Si ${name} a été ${stolen(sex)}, déclarez-le ici. La page de sa médaille ne change pas, pour ne pas alerter la personne qui l’a, et chaque scan vous est signalé aussitôt.`,
  declare: 'Déclarer un vol',
  stolenAt: 'Date et heure du vol',
  stolenInFuture: 'La date du vol ne peut pas être dans le futur',
  stolenAtRequired: 'Indiquez la date et l’heure du vol',
  place: 'Lieu du vol (facultatif)',
  placeHint: 'Pour vous et les enquêteurs : il n’est montré nulle part.',
  complaint: 'Référence de la plainte (facultatif)',
  complaintHint: 'Le numéro du procès-verbal ou du récépissé de dépôt de plainte.',
  oneLine: 'Le texte tient sur une ligne, sans caractère de contrôle',
  publicPage: 'Créer une page de recherche publique (son nom n’y sera pas affiché)',
  submit: 'Déclarer le vol',
  cancel: 'Annuler',
  declared: 'Vol déclaré',
  declareFailed: 'Impossible de déclarer le vol',
  since: (date: string, sex: AnimalSex) => `${agreeWith(sex, { male: 'Volé', female: 'Volée' })} le ${date}`,
  stepsTitle: 'Que faire maintenant ?',
  steps: [
    {
      label: 'Porter plainte au commissariat ou à la gendarmerie',
      hint: 'Vous pouvez la préparer en ligne, puis la signer sur place. Notez sa référence ci-dessous.',
      link: { label: 'Faire une pré-plainte en ligne', href: 'https://www.pre-plainte-en-ligne.gouv.fr' },
    },
    {
      label: 'Déclarer le vol à I-CAD',
      hint: 'Le fichier national signale alors sa puce ou son tatouage : un vétérinaire qui le lit saura qu’il est recherché. Une fois rentré, déclarez-le retrouvé.',
      link: { label: 'Aller sur i-cad.fr', href: ICAD_URL },
    },
    {
      label: 'Garder la médaille active',
      hint: 'Sa page reste la même, sans un mot du vol. Chaque scan vous est signalé aussitôt, avec l’heure, la langue de la personne et sa position si elle la partage.',
      link: null,
    },
  ],
  detailsTitle: 'Votre déclaration',
  save: 'Enregistrer',
  saved: 'Déclaration mise à jour',
  saveFailed: 'Impossible d’enregistrer la déclaration',
  page: {
    label: 'Page de recherche publique',
    on: 'La page est en ligne, son nom masqué : complétez-la ci-dessous.',
    off: 'Aucune page publique : personne ne voit ce vol en ligne.',
    lostPage: 'Sa page de recherche de perte est déjà en ligne : c’est elle que vous partagez.',
    failed: 'Impossible de changer la page de recherche',
  },
  found: (sex: AnimalSex) => (sex === 'F' ? 'Retrouvée' : 'Retrouvé'),
  foundDone: (name: string, sex: AnimalSex) => `${name} est ${found(sex)} !`,
  foundReminder: (sex: AnimalSex) => `Pensez à le déclarer ${found(sex)} à I-CAD et à prévenir les enquêteurs.`,
  foundFailed: 'Impossible d’enregistrer son retour',
  loadFailed: 'Impossible de lire la déclaration de vol',
  keeperNote: 'Seuls ses propriétaires déclarent un vol ou le modifient.',
} as const;
