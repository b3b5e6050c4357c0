// The words of a finder's conversation page (conversation-page.tsx), in the scan page's six languages; its
// refusals are the dialogs' (dialog-copy.ts). Server only: the page is rendered whole by the scan's server
// entry, so these are in no browser chunk.
import type { Language } from './i18n.ts';

export interface ConversationWords {
  /** Null: a conversation opened from a search page whose household hides the name. */
  title: (name: string | null) => string;
  intro: string;
  keepPrivate: string;
  validUntil: (date: string) => string;
  you: string;
  owner: string;
  noText: string;
  withPhoto: string;
  /** Said under 'Je l'ai vu ici' when the finder gave their position. */
  withPosition: string;
  remove: string;
  removeLabel: (when: string) => string;
  linesLabel: string;
  counter: (max: number) => string;
  empty: string;
  /** Through the link e-mailed to the finder: the offer to be told of answers by e-mail, its button, and once on. */
  mailAsk: string;
  mailButton: string;
  mailOn: string;
  /** A link that opens no conversation: unknown, or cut (a mail client's line break). */
  unknownLink: string;
  /** A blocked or expired link's way back: the animal's page, and its number when the page shows one. */
  backTo: (name: string) => string;
  callOwner: string;
  callContact: (name: string) => string;
}

export const CONVERSATION_WORDS: Record<Language, ConversationWords> = {
  fr: {
    title: (name) => (name ? `Conversation au sujet de ${name}` : 'Conversation au sujet de cet animal'),
    intro:
      'Le propriétaire lit vos messages et vous répond ici. Ni votre adresse ni la sienne ne sont montrées, sauf si vous les écrivez.',
    keepPrivate: 'Gardez ce lien pour vous : qui a ce lien peut lire la conversation.',
    validUntil: (date) => `Ce lien reste valable jusqu'au ${date}, et plus longtemps si vous écrivez encore.`,
    you: 'Vous',
    owner: 'Le propriétaire',
    noText: '(sans message)',
    withPhoto: 'Avec une photo',
    withPosition: 'Position transmise',
    remove: 'Supprimer',
    removeLabel: (when) => `Supprimer votre message du ${when}`,
    linesLabel: 'Messages',
    counter: (max) => `${max} caractères au plus.`,
    empty: "Aucun message pour l'instant.",
    mailAsk: 'Voulez-vous être prévenu par e-mail quand le propriétaire vous répond ?',
    mailButton: 'Me prévenir par e-mail',
    mailOn: 'Vous serez prévenu par e-mail quand le propriétaire vous répond.',
    unknownLink: "Ce lien n'est pas, ou plus, valable. Vérifiez qu'il est complet : un lien coupé ne s'ouvre pas.",
    backTo: (name) => `Voir la page de ${name}`,
    callOwner: 'Appeler le propriétaire',
    callContact: (name) => `Appeler ${name}`,
  },
  en: {
    title: (name) => (name ? `Conversation about ${name}` : 'Conversation about this animal'),
    intro:
      'The owner reads your messages and answers you here. Neither your address nor theirs is shown, unless you write it.',
    keepPrivate: 'Keep this link to yourself: anyone with it can read the conversation.',
    validUntil: (date) => `This link stays valid until ${date}, and longer if you write again.`,
    you: 'You',
    owner: 'The owner',
    noText: '(no message)',
    withPhoto: 'With a photo',
    withPosition: 'Location sent',
    remove: 'Delete',
    removeLabel: (when) => `Delete your message of ${when}`,
    linesLabel: 'Messages',
    counter: (max) => `${max} characters at most.`,
    empty: 'No messages yet.',
    mailAsk: 'Would you like an e-mail when the owner answers you?',
    mailButton: 'Tell me by e-mail',
    mailOn: 'You will get an e-mail when the owner answers you.',
    unknownLink: 'This link is not, or no longer, valid. Check that it is complete: a cut link does not open.',
    backTo: (name) => `See ${name}'s page`,
    callOwner: 'Call the owner',
    callContact: (name) => `Call ${name}`,
  },
  es: {
    title: (name) => (name ? `Conversación sobre ${name}` : 'Conversación sobre este animal'),
    intro:
      'El dueño lee sus mensajes y le responde aquí. No se muestra ni su dirección ni la del dueño, salvo que la escriba.',
    keepPrivate: 'Guarde este enlace para usted: quien lo tenga puede leer la conversación.',
    validUntil: (date) => `Este enlace es válido hasta el ${date}, y más tiempo si vuelve a escribir.`,
    you: 'Usted',
    owner: 'El dueño',
    noText: '(sin mensaje)',
    withPhoto: 'Con una foto',
    withPosition: 'Ubicación enviada',
    remove: 'Eliminar',
    removeLabel: (when) => `Eliminar su mensaje del ${when}`,
    linesLabel: 'Mensajes',
    counter: (max) => `${max} caracteres como máximo.`,
    empty: 'Todavía no hay mensajes.',
    mailAsk: '¿Quiere recibir un correo cuando el dueño le responda?',
    mailButton: 'Avisarme por correo',
    mailOn: 'Recibirá un correo cuando el dueño le responda.',
    unknownLink: 'Este enlace no es válido, o ya no lo es. Compruebe que está completo: un enlace cortado no se abre.',
    backTo: (name) => `Ver la página de ${name}`,
    callOwner: 'Llamar al dueño',
    callContact: (name) => `Llamar a ${name}`,
  },
  de: {
    title: (name) => (name ? `Unterhaltung über ${name}` : 'Unterhaltung über dieses Tier'),
    intro:
      'Der Besitzer liest Ihre Nachrichten und antwortet Ihnen hier. Weder Ihre Adresse noch seine wird angezeigt, außer Sie schreiben sie.',
    keepPrivate: 'Behalten Sie diesen Link für sich: Wer ihn hat, kann die Unterhaltung lesen.',
    validUntil: (date) => `Dieser Link ist bis zum ${date} gültig, und länger, wenn Sie erneut schreiben.`,
    you: 'Sie',
    owner: 'Der Besitzer',
    noText: '(keine Nachricht)',
    withPhoto: 'Mit einem Foto',
    withPosition: 'Standort gesendet',
    remove: 'Löschen',
    removeLabel: (when) => `Ihre Nachricht vom ${when} löschen`,
    linesLabel: 'Nachrichten',
    counter: (max) => `Höchstens ${max} Zeichen.`,
    empty: 'Noch keine Nachrichten.',
    mailAsk: 'Möchten Sie eine E-Mail erhalten, wenn der Besitzer Ihnen antwortet?',
    mailButton: 'Per E-Mail benachrichtigen',
    mailOn: 'Sie erhalten eine E-Mail, wenn der Besitzer Ihnen antwortet.',
    unknownLink:
      'Dieser Link ist nicht oder nicht mehr gültig. Prüfen Sie, ob er vollständig ist: Ein abgeschnittener Link öffnet sich nicht.',
    backTo: (name) => `Seite von ${name} ansehen`,
    callOwner: 'Besitzer anrufen',
    callContact: (name) => `${name} anrufen`,
  },
  it: {
    title: (name) => (name ? `Conversazione su ${name}` : 'Conversazione su questo animale'),
    intro:
      'Il proprietario legge i suoi messaggi e le risponde qui. Né il suo indirizzo né quello del proprietario vengono mostrati, a meno che non lo scriva.',
    keepPrivate: 'Tenga questo link per sé: chiunque lo abbia può leggere la conversazione.',
    validUntil: (date) => `Questo link resta valido fino al ${date}, e più a lungo se scrive ancora.`,
    you: 'Lei',
    owner: 'Il proprietario',
    noText: '(nessun messaggio)',
    withPhoto: 'Con una foto',
    withPosition: 'Posizione inviata',
    remove: 'Elimina',
    removeLabel: (when) => `Elimina il suo messaggio del ${when}`,
    linesLabel: 'Messaggi',
    counter: (max) => `Al massimo ${max} caratteri.`,
    empty: 'Ancora nessun messaggio.',
    mailAsk: "Vuole ricevere un'e-mail quando il proprietario le risponde?",
    mailButton: 'Avvisami per e-mail',
    mailOn: "Riceverà un'e-mail quando il proprietario le risponde.",
    unknownLink: 'Questo link non è, o non è più, valido. Verifichi che sia completo: un link tagliato non si apre.',
    backTo: (name) => `Vedi la pagina di ${name}`,
    callOwner: 'Chiama il proprietario',
    callContact: (name) => `Chiama ${name}`,
  },
  nl: {
    title: (name) => (name ? `Gesprek over ${name}` : 'Gesprek over dit dier'),
    intro:
      'De eigenaar leest uw berichten en antwoordt u hier. Uw adres en dat van de eigenaar worden niet getoond, tenzij u het schrijft.',
    keepPrivate: 'Houd deze link voor uzelf: wie hem heeft, kan het gesprek lezen.',
    validUntil: (date) => `Deze link blijft geldig tot ${date}, en langer als u opnieuw schrijft.`,
    you: 'U',
    owner: 'De eigenaar',
    noText: '(geen bericht)',
    withPhoto: 'Met een foto',
    withPosition: 'Locatie verzonden',
    remove: 'Verwijderen',
    removeLabel: (when) => `Uw bericht van ${when} verwijderen`,
    linesLabel: 'Berichten',
    counter: (max) => `Hoogstens ${max} tekens.`,
    empty: 'Nog geen berichten.',
    mailAsk: 'Wilt u een e-mail krijgen als de eigenaar u antwoordt?',
    mailButton: 'Stuur mij een e-mail',
    mailOn: 'U krijgt een e-mail als de eigenaar u antwoordt.',
    unknownLink:
      'Deze link is niet, of niet meer, geldig. Controleer of hij volledig is: een afgebroken link opent niet.',
    backTo: (name) => `Pagina van ${name} bekijken`,
    callOwner: 'Bel de eigenaar',
    callContact: (name) => `${name} bellen`,
  },
};
