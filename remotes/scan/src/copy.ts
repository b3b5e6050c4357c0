// Every word the scan page shows, word for word from SPEC.md (DESIGN D7): the French dictionary, the page's
// default. The other languages (languages/*.ts) have the same shape, checked by the type Dictionary.
// A sentence about the animal agrees with its sex as stored (M, F), and is neutral when the sex is unknown.
import { type StoredSex as Sex, SPECIES, type SpeciesValue } from '@medaille/domain';

export const SUPPORT_EMAIL = 'contact@medaille.fr';

/** The refusals of the finder functions (supabase/functions/_shared/messages.ts), by their stable code. */
export type FailureCode =
  | 'invalid_request'
  | 'client_unknown'
  | 'invalid_characters'
  | 'code_not_found'
  | 'profile_rate_limited'
  | 'message_empty'
  | 'message_too_long'
  | 'contact_too_long'
  | 'message_rate_limited'
  | 'consent_required'
  | 'invalid_location'
  | 'animal_mismatch'
  | 'scan_cooldown'
  | 'photo_type'
  | 'photo_too_large'
  | 'photo_rate_limited'
  | 'photo_animal_rate_limited'
  | 'internal';

/** What the owner reads, in French whatever the finder's language: the text of an SMS or WhatsApp message. */
export const OWNER_TEXT = {
  found: (name: string, pageUrl: string) => `Bonjour, j'ai trouvé ${name} et j'ai scanné sa médaille : ${pageUrl}`,
  /** The national registry of dogs and cats, which the guide names. */
  icadUrl: 'https://www.i-cad.fr',
} as const;

export const COPY = {
  /** The language switch's name. */
  language: 'Langue',
  /** A toast's close button. */
  close: 'Fermer',
  // French shows the functions' own French text as it comes (it is SPEC's); another language translates
  // the codes it knows and falls back to that French text for a code it does not.
  errors: {} as Partial<Record<FailureCode, string>>,
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
  notFound: {
    title: 'Code introuvable',
    text: 'Vérifiez le QR ou contactez-nous si besoin.',
  },
  contactUs: 'Nous contacter',
  /** Before the code in clear, grouped as printed on the medal: what a finder reads is what they type. */
  medalCode: 'Code de la médaille',
  loadFailed: {
    title: 'Erreur',
    retry: 'Réessayer',
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
      `${sex === 'M' ? 'Aidez-le à rentrer chez lui' : sex === 'F' ? 'Aidez-la à rentrer chez elle' : `Aidez ${name} à rentrer à la maison`} : partagez votre position ou écrivez à son propriétaire.`,
    shareLocation: 'Partager ma position',
    sendMessage: 'Envoyer un message',
    contactTitle: 'CONTACT',
    noContact: "Le propriétaire n'a pas rendu ses coordonnées publiques. Utilisez « Envoyer un message ».",
    importantTitle: 'INFORMATIONS IMPORTANTES',
    aboutMe: 'À propos de moi',
    temperament: 'Caractère',
    allergies: 'Allergies',
    meds: 'Traitement médical',
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
    sterilizedTag: (sex: Sex) => (sex === 'M' ? 'Stérilisé' : sex === 'F' ? 'Stérilisée' : 'Stérilisé(e)'),
    photoOf: (name: string, index: number) => `Photo ${index} de ${name}`,
    footer: 'Profil sécurisé par Médaille',
    // Every way to reach the owner when the phone is public (issue 17).
    callOwner: 'Appeler le propriétaire',
    sendSms: 'Envoyer un SMS',
    whatsApp: 'Écrire sur WhatsApp',
    reachOwner: 'Autres moyens de joindre le propriétaire',
  },
  // What to do in France when nobody answers (issue 17): its steps are france-guide.tsx's, loaded when it opens.
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
  lightbox: {
    label: (name: string) => `Photos de ${name} en plein écran`,
    close: 'Fermer',
    previous: 'Photo précédente',
    next: 'Photo suivante',
    zoomIn: 'Zoomer',
    zoomOut: 'Dézoomer',
    reset: 'Taille réelle 1:1',
    zoom: (percent: number) => `Zoom : ${percent} %`,
    position: (index: number, count: number) => `Photo ${index} sur ${count}`,
  },
  message: {
    title: (name: string) => `Écrire au propriétaire de ${name}`,
    intro: 'Votre message lui sera transmis par e-mail. Son adresse ne vous sera pas communiquée.',
    message: 'Votre message',
    counter: (count: number, max: number) => `${count}/${max}`,
    contact: 'Comment vous joindre (téléphone ou email, facultatif)',
    honeypot: 'Ne pas remplir ce champ',
    cancel: 'Annuler',
    send: 'Envoyer',
    required: 'Écrivez un message ou indiquez comment vous joindre.',
    sent: { title: 'Message transmis au propriétaire', description: 'Votre message a été envoyé avec succès' },
    failed: { title: 'Erreur', description: "Impossible d'envoyer le message" },
  },
  location: {
    title: 'Partager ma position',
    consent: (name: string, sex: Sex) =>
      `Votre position sera envoyée au propriétaire de ${name} pour l'aider à ${sex === 'M' ? 'le retrouver' : sex === 'F' ? 'la retrouver' : 'retrouver son animal'}, et affichée sur cette page. Elle est conservée 90 jours.`,
    cancel: 'Annuler',
    accept: 'Partager ma position',
    locating: 'Recherche de votre position…',
    wait: {
      title: 'Veuillez patienter',
      description: 'Vous pouvez partager votre position une fois toutes les 2 minutes.',
    },
    unsupported: 'Géolocalisation non supportée',
    denied: "Vous avez refusé l'accès à votre position. Vous pouvez contacter le propriétaire directement.",
    unavailable: 'Position non disponible. Veuillez vérifier vos paramètres.',
    timeout: 'La demande a expiré. Veuillez réessayer.',
    failed: "Impossible d'obtenir votre position.",
    sendFailed: 'Impossible de partager la position. Veuillez réessayer.',
    shared: { title: 'Merci !', description: 'La position a été partagée avec le propriétaire.' },
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends object
      ? { readonly [K in keyof T]: Widen<T[K]> }
      : T;

/** What every language's dictionary holds: the French one's keys, with any text. */
export type Dictionary = Widen<typeof COPY>;
