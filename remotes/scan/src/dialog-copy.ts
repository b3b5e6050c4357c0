// The French words of the dialogs (photos in full screen, message, location), of the toasts and of the
// functions' refusals, the exact words of docs/product/scan-page.md (docs/decisions/0007-french-copy-is-data.md). A
// chunk of its own, like each language's:
// a finder who only reads the page never downloads them.
import { agreeWith, finderStatusWords, type StoredSex as Sex } from '@medaille/domain';
import type { Widen } from './copy.ts';

/** The refusals of the finder functions (supabase/functions/_shared/messages.ts), by their stable code. */
export type FailureCode =
  | 'invalid_request'
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
  | 'finder_email_invalid'
  | 'conversation_not_found'
  | 'conversation_blocked'
  | 'conversation_suspended'
  | 'conversation_expired'
  | 'conversation_rate_limited'
  | 'message_not_found'
  | 'place_required'
  | 'place_too_long'
  | 'push_endpoint_invalid'
  | 'unavailable'
  | 'internal';

const DIALOG_COPY = {
  /** A toast's close button. */
  close: 'Fermer',
  // French shows the functions' own French text as it comes (it is docs/product/refusals.md's); another language
  // translates every code (TranslatedDialogDictionary).
  errors: {} as Partial<Record<FailureCode, string>>,
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
    intro: 'Votre message lui sera transmis par e-mail.',
    // Said only while the owner's e-mail is not shown on the page.
    addressKept: 'Son adresse ne vous sera pas communiquée.',
    message: 'Votre message',
    counter: (count: number, max: number) => `${count}/${max}`,
    contact: 'Comment vous joindre (téléphone ou email, facultatif)',
    honeypot: 'Ne pas remplir ce champ',
    cancel: 'Annuler',
    send: 'Envoyer',
    required: 'Écrivez un message ou indiquez comment vous joindre.',
    // The finder's private conversation with the owner (docs/decisions/0017-finder-owner-conversation.md).
    email: 'Votre e-mail, pour être prévenu de ses réponses (facultatif)',
    emailHint: "Il n'est pas montré au propriétaire.",
    conversationTitle: 'Suivez la conversation',
    conversationText: (name: string) =>
      `Le propriétaire de ${name} vous répondra sur cette page privée. Gardez son lien pour vous : qui l'a peut lire la conversation.`,
    openConversation: 'Ouvrir la conversation',
    // What the finder is doing, said with the message (docs/decisions/0017-finder-owner-conversation.md).
    statusLegend: 'Vous pouvez aussi dire au propriétaire (facultatif) :',
    statusNone: 'Je veux seulement écrire',
    statuses: finderStatusWords,
    place: 'Où ? (nom et adresse du lieu)',
    withPosition: 'Joindre ma position : seul le propriétaire la recevra',
    sent: { title: 'Message transmis au propriétaire', description: 'Votre message a été envoyé avec succès' },
    // One photo of the found animal.
    photo: 'Photo de l’animal (facultatif)',
    photoHint: 'JPEG, PNG ou WebP, jusqu’à 25 Mo. Seul son propriétaire pourra la voir.',
    photoPreview: 'Photo jointe',
    photoRemove: 'Retirer la photo',
    photoPreparing: 'Préparation de la photo…',
    photoTooLarge: 'La photo ne doit pas dépasser 25 Mo.',
    photoType: 'Choisissez une photo JPEG, PNG ou WebP.',
    photoUnreadable: 'Impossible de lire cette photo. Choisissez-en une autre.',
    failed: { title: 'Erreur', description: "Impossible d'envoyer le message" },
  },
  location: {
    title: 'Partager ma position',
    consent: (name: string, sex: Sex) =>
      `Votre position sera envoyée au propriétaire de ${name} pour l'aider à ${agreeWith(sex, { male: 'le retrouver', female: 'la retrouver', unknown: 'retrouver son animal' })}, et affichée sur cette page. Elle est conservée 90 jours.`,
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
  // What to do in France when nobody answers: plain steps, no legal advice; shown when the
  // guide opens.
  guide: {
    owner: 'Appelez ou écrivez à son propriétaire avec les boutons de cette page.',
    vet: "Personne ne répond ? N'importe quel vétérinaire peut lire gratuitement sa puce ou son tatouage.",
    vetFirst:
      "N'importe quel vétérinaire peut lire gratuitement sa puce ou son tatouage et retrouver son propriétaire.",
    icadBefore: 'Vous pouvez aussi déclarer l’animal trouvé auprès de l’',
    icadLink: 'I-CAD',
    icadAfter:
      ', le fichier national d’identification des chiens et chats : il prévient son propriétaire sans vous donner ses coordonnées.',
    townHall:
      'Sinon, adressez-vous à la mairie de la commune où vous l’avez trouvé, ou à la gendarmerie (ou au commissariat) : ils prennent le relais. La fourrière animale est placée sous la responsabilité du maire.',
  },
} as const;

export default DIALOG_COPY;

/** What every language's dialog words hold: the French ones' keys, with any text. */
export type DialogDictionary = Widen<typeof DIALOG_COPY>;

/** Another language's dialog words: every refusal code translated (a missing one is a type error). */
export type TranslatedDialogDictionary = Omit<DialogDictionary, 'errors'> & { errors: Record<FailureCode, string> };
