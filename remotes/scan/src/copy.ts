// Every word the scan page shows first, the exact words of docs/product/scan-page.md
// (docs/decisions/0007-french-copy-is-data.md): the French dictionary, the page's default, a chunk of its own as
// every language's is (i18n.ts). The words of the dialogs, toasts and refusals are in dialog-copy.ts, downloaded
// when first needed. The other languages (languages/*.ts) have the same shapes, checked by the types Dictionary
// and DialogDictionary.
// A sentence about the animal agrees with its sex as stored (M, F), and is neutral when the sex is unknown.
import { agreeWith, type StoredSex as Sex, SPECIES, type SpeciesValue } from '@medaille/domain';

export const COPY = {
  /** The language switch's name. */
  language: 'Langue',
  checking: 'Vérification du code...',
  unclaimed: {
    title: 'Médaille non activée',
    text: "Cette médaille n'est pas encore associée à un animal.",
    activate: 'Activer ma médaille',
    haveAccount: "J'ai déjà un compte",
  },
  suspended: {
    title: 'Médaille suspendue',
    text: 'Cette médaille a été suspendue. Contactez le support pour en savoir plus.',
  },
  // A medal whose animal was deleted (its owner's account, or the animal alone) is retired for
  // good, never offered for activation again (supabase/schemas/owner_functions.sql, delete_animal).
  retired: {
    title: 'Médaille retirée',
    text: "Cette médaille n'est plus associée à aucun animal : son propriétaire l'a retirée. Si vous avez trouvé un animal qui la porte, contactez-nous.",
  },
  notFound: {
    title: 'Code introuvable',
    text: 'Vérifiez le QR ou contactez-nous si besoin.',
  },
  // A known medal's page opened too often from one address, its call buttons kept.
  busy: 'Trop de consultations depuis votre connexion : la fiche complète revient dans une minute. Vous pouvez appeler dès maintenant.',
  contactUs: 'Nous contacter',
  // A finder's way forward from a page with no owner to reach (the landing page's words).
  retype: {
    hint: 'Saisissez le code imprimé sur la médaille, par exemple MDL-7KQ4-M9XP-3T.',
    submit: 'Voir sa fiche',
  },
  /** Before the code in clear, grouped as printed on the medal: what a finder reads is what they type. */
  medalCode: 'Code de la médaille',
  loadFailed: {
    title: 'Erreur',
    retry: 'Réessayer',
    // The backend unreachable, or the network, in place of the browser's own words.
    unreachable: 'Le service ne répond pas pour le moment. Vérifiez votre connexion, puis réessayez.',
    /** A copy of the page the host kept, served while the service does not answer. */
    kept: (at: string) =>
      `Le service ne répond pas pour le moment : cette fiche date du ${at} et n'est peut-être plus à jour.`,
  },
  profile: {
    lost: 'Animal signalé comme perdu',
    characteristics: 'Caractéristiques',
    speciesNames: Object.fromEntries(SPECIES.map(({ value, label }) => [value, label])) as Record<SpeciesValue, string>,
    unknownSpecies: 'Inconnu',
    sexNames: { M: 'Mâle', F: 'Femelle' },
    lessThanAYear: "Moins d'un an",
    years: (years: number) => (years === 1 ? '1 an' : `${years} ans`),
    helpTitle: (name: string) => `Vous avez trouvé ${name} ?`,
    helpText: (name: string, sex: Sex) =>
      `${agreeWith(sex, { male: 'Aidez-le à rentrer chez lui', female: 'Aidez-la à rentrer chez elle', unknown: `Aidez ${name} à rentrer à la maison` })} : partagez votre position ou écrivez à son propriétaire.`,
    shareLocation: 'Partager ma position',
    sendMessage: 'Envoyer un message',
    contactTitle: 'CONTACT',
    noContact: "Le propriétaire n'a pas rendu ses coordonnées publiques. Utilisez « Envoyer un message ».",
    importantTitle: 'INFORMATIONS IMPORTANTES',
    aboutMe: 'À propos de moi',
    temperament: 'Caractère',
    allergies: 'Allergies',
    meds: 'Traitement médical',
    // The vaccinations and treatments of the health booklet its owner chose to show.
    treatmentsNow: 'Traitements en cours',
    vaccinesValid: 'Vaccins à jour',
    careSince: (label: string, date: string) => `${label}, depuis le ${date}`,
    careNext: (label: string, date: string) => `${label}, prochaine fois le ${date}`,
    careValidUntil: (label: string, date: string) => `${label}, valable jusqu'au ${date}`,
    vetTitle: 'INFORMATIONS VÉTÉRINAIRES',
    vetNotes: 'Notes',
    chip: 'Puce / Tatouage',
    aboutTitle: 'À PROPOS DE MOI',
    species: 'Espèce',
    breed: 'Race',
    color: 'Couleur',
    weight: 'Poids (kg)',
    age: 'Âge',
    sterilization: 'Stérilisation',
    yes: 'Oui',
    no: 'Non',
    notGiven: 'Non renseigné',
    lastLocationTitle: 'DERNIÈRE LOCALISATION',
    noLocation: "Aucune position n'a encore été partagée.",
    seenOn: (date: string) => `Partagée le ${date}`,
    openMap: 'Voir sur la carte',
    sterilizedTag: (sex: Sex) => agreeWith(sex, { male: 'Stérilisé', female: 'Stérilisée', unknown: 'Stérilisé(e)' }),
    photoOf: (name: string, index: number) => `Photo ${index} de ${name}`,
    footer: 'Profil sécurisé par Médaille',
    // Every way to reach the owner when the phone is public.
    callOwner: 'Appeler le propriétaire',
    sendSms: 'Envoyer un SMS',
    whatsApp: 'Écrire sur WhatsApp',
    // Someone else the owner gives to reach when their number does not answer.
    otherContact: (name: string | null) => (name ? `Autre contact : ${name}` : 'Autre contact'),
    callContact: (name: string) => `Appeler ${name}`,
  },
  // What to do in France when nobody answers: its steps are france-guide.tsx's, loaded when it opens.
  guide: {
    title: 'Animal trouvé : que faire en France ?',
  },
  carousel: {
    label: (name: string) => `Photos de ${name}`,
    previous: 'Photo précédente',
    next: 'Photo suivante',
    goTo: (index: number) => `Afficher la photo ${index}`,
    open: (photo: string) => `Agrandir la photo : ${photo}`,
    roleDescription: 'carrousel',
  },
} as const;

export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;

export default COPY;

/** What every language's dictionary holds: the French one's keys, with any text. */
export type Dictionary = Widen<typeof COPY>;
