// The words of a found animal's pages (found-page.tsx): the report form, /trouve, and the report's page,
// /trouve/{id}, in the scan page's six languages; the species' names are the scan page's own (copy.ts). The
// form's place, time and position take the search page's words (search-copy.ts). Server only.
import type { Language } from './i18n.ts';

export interface FoundWords {
  /** The documents' titles. */
  formTitle: string;
  pageTitle: string;
  /** 'J'ai trouvé un animal', the form's heading and the links to it. */
  formHeading: string;
  formIntro: string;
  species: string;
  description: string;
  messageLabel: string;
  email: string;
  emailHint: string;
  /** That the exact place is never shown. */
  whereHint: string;
  /** The phone's position, added: what becomes of it (the search page's words say the family's map). */
  positionAdded: string;
  /** Up to 3 photos, shown on the page. */
  photos: string;
  photosHint: string;
  tooManyPhotos: string;
  send: string;
  /** Neither a place nor a position: nothing to match it with. */
  whereRequired: string;
  tooLong: string;
  tooManyReports: string;
  /** The report's page. */
  animalHeading: (species: string) => string;
  foundOn: (date: string) => string;
  /** The area shown, never the point. */
  around: (metres: number) => string;
  signsTitle: string;
  finderWords: string;
  closed: string;
  nearbyTitle: string;
  nearbyLost: (date: string) => string;
  nearbyAway: (metres: number) => string;
  nearbyNone: string;
  nearbyNoPosition: string;
  /** 'C'est le mien', for an owner. */
  mineTitle: string;
  mineText: string;
  mine: string;
  /** The finder's own view, through their private link. */
  sent: string;
  privateLink: string;
  shareLink: string;
  claimsTitle: string;
  claim: (name: string | null) => string;
  openConversation: string;
  noClaims: string;
  closeTitle: string;
  closeHint: string;
  close: string;
  closedNow: string;
  linkNotValid: string;
  notFound: string;
  /** Sent without a position: it matches no loss, and the finder is told so. */
  sentNoPosition: string;
  /** The private part once the report is closed. */
  privateLinkClosed: string;
  /** Through the e-mailed link: asking to be told when an owner writes. */
  mailAsk: string;
  mailButton: string;
  mailOn: string;
  /** Where a page that names no report leads. */
  toForm: string;
  /** 'Signaler un abus', and a report hidden after three. */
  abuseTitle: string;
  abuseHint: string;
  abuse: string;
  abuseSent: string;
  tooManyAbuse: string;
  hidden: string;
}

export const FOUND_WORDS: Record<Language, FoundWords> = {
  fr: {
    formTitle: 'J’ai trouvé un animal – Médaille',
    pageTitle: 'Animal trouvé – Médaille',
    formHeading: 'J’ai trouvé un animal',
    formIntro:
      'Il ne porte pas de médaille Médaille, ou l’a perdue ? Signalez-le : les familles qui cherchent un animal près d’ici sont prévenues, et vous voyez les animaux perdus autour.',
    species: 'Espèce',
    description: 'Sa couleur, ses signes (collier, tatouage, taille…)',
    messageLabel: 'Un mot pour son propriétaire (facultatif)',
    email: 'Votre adresse e-mail (facultatif)',
    emailHint:
      'Pour être prévenu si son propriétaire vous écrit. Elle ne lui est jamais montrée, et chaque e-mail permet de ne plus en recevoir.',
    whereHint: 'Le lieu exact n’est jamais montré : la page indique une zone d’environ 400 m.',
    positionAdded:
      'Position ajoutée : elle sert à prévenir les familles qui cherchent autour, jamais montrée telle quelle.',
    send: 'Signaler',
    whereRequired: 'Indiquez où vous l’avez trouvé, ou ajoutez votre position.',
    tooLong: 'Le lieu ne doit pas dépasser 120 caractères, la description 300, le message 500.',
    tooManyReports: 'Vous avez déjà signalé plusieurs animaux aujourd’hui. Réessayez demain.',
    animalHeading: (species) => `Animal trouvé : ${species}`,
    foundOn: (date) => `Trouvé le ${date}`,
    around: (metres) => `Dans un rayon d’environ ${metres} m`,
    signsTitle: 'Ses signes',
    finderWords: 'Ce que dit la personne qui l’a trouvé',
    closed: 'Il est rentré chez lui. Merci à toutes celles et à tous ceux qui ont aidé.',
    nearbyTitle: 'Perdus près d’ici',
    nearbyLost: (date) => `Perdu le ${date}`,
    nearbyAway: (metres) => `à environ ${metres} m`,
    nearbyNone: 'Aucun animal perdu n’est signalé près d’ici pour l’instant.',
    nearbyNoPosition: 'Sans position, la page ne peut pas chercher les animaux perdus autour de ce lieu.',
    mineTitle: 'C’est le vôtre ?',
    mineText:
      'Dites-le à la personne qui l’a trouvé : elle pourra vous répondre, sans que vos coordonnées ni les siennes soient montrées.',
    mine: 'C’est le mien',
    sent: 'Merci ! Votre signalement est en ligne ; les familles qui cherchent près d’ici vont être prévenues.',
    privateLink:
      'Gardez l’adresse de cette page : c’est votre lien privé, avec lequel vous lisez les messages des propriétaires et clôturez le signalement.',
    shareLink: 'Adresse publique, à partager :',
    claimsTitle: 'Les propriétaires qui vous ont écrit',
    claim: (name) =>
      name ? `Le propriétaire de ${name} pense que c’est le sien` : 'Un propriétaire pense que c’est le sien',
    openConversation: 'Ouvrir la conversation',
    noClaims: 'Aucun propriétaire ne s’est encore manifesté.',
    closeTitle: 'Il est rentré chez lui ?',
    closeHint:
      'Le signalement sera clos et les animaux perdus ne seront plus listés ; la page restera lisible 90 jours.',
    close: 'Clore le signalement',
    closedNow: 'Le signalement est clos. Merci pour votre aide !',
    linkNotValid: 'Ce lien privé n’est pas celui de ce signalement.',
    notFound: 'Ce signalement n’existe pas ou n’est plus en ligne.',
    photos: 'Des photos (facultatif, 3 au plus)',
    photosHint:
      'Elles sont montrées sur la page, pour que son propriétaire le reconnaisse ; le lieu où elles ont été prises n’est jamais gardé.',
    tooManyPhotos: 'Envoyez 3 photos au plus.',
    sentNoPosition:
      'Merci ! Votre signalement est en ligne. Sans position, il ne peut pas être rapproché des animaux perdus autour : partagez son adresse publique près de là où vous l’avez trouvé.',
    privateLinkClosed:
      'Gardez l’adresse de cette page : c’est votre lien privé, avec lequel vous relisez les messages des propriétaires.',
    mailAsk: 'Voulez-vous être prévenu par e-mail quand un propriétaire vous écrit ?',
    mailButton: 'Me prévenir par e-mail',
    mailOn: 'Vous serez prévenu par e-mail quand un propriétaire vous écrit.',
    toForm: 'Signaler un animal trouvé',
    abuseTitle: 'Un problème avec cette page ?',
    abuseHint:
      'Photo ou texte déplacé, faux signalement : dites-le. Après plusieurs signalements, la page est masquée.',
    abuse: 'Signaler un abus',
    abuseSent: 'Merci : votre signalement d’abus est enregistré.',
    tooManyAbuse: 'Vous avez déjà signalé plusieurs abus aujourd’hui. Réessayez demain.',
    hidden: 'Ce signalement a été masqué après plusieurs signalements d’abus.',
  },
  en: {
    formTitle: 'I found an animal – Médaille',
    pageTitle: 'Found animal – Médaille',
    formHeading: 'I found an animal',
    formIntro:
      'It wears no Médaille medal, or has lost it? Report it: the families looking for an animal nearby are told, and you see the lost animals around.',
    species: 'Species',
    description: 'Its colour, its signs (collar, tattoo, size…)',
    messageLabel: 'A word for its owner (optional)',
    email: 'Your e-mail address (optional)',
    emailHint: 'To be told if its owner writes to you. It is never shown to them, and every e-mail lets you stop them.',
    whereHint: 'The exact place is never shown: the page gives an area of about 400 m.',
    positionAdded: 'Position added: it is used to tell the families searching around, and never shown as it is.',
    send: 'Report',
    whereRequired: 'Say where you found it, or add your position.',
    tooLong: 'The place must be at most 120 characters, the description 300, the message 500.',
    tooManyReports: 'You have already reported several animals today. Try again tomorrow.',
    animalHeading: (species) => `Found animal: ${species}`,
    foundOn: (date) => `Found on ${date}`,
    around: (metres) => `Within about ${metres} m`,
    signsTitle: 'Its signs',
    finderWords: 'What the person who found it says',
    closed: 'It is back home. Thank you to everyone who helped.',
    nearbyTitle: 'Lost near here',
    nearbyLost: (date) => `Lost on ${date}`,
    nearbyAway: (metres) => `about ${metres} m away`,
    nearbyNone: 'No lost animal is reported near here for now.',
    nearbyNoPosition: 'Without a position, the page cannot look for lost animals around this place.',
    mineTitle: 'Is it yours?',
    mineText:
      'Tell the person who found it: they can answer you, and neither your contact details nor theirs are shown.',
    mine: 'It’s mine',
    sent: 'Thank you! Your report is online; the families searching nearby are being told.',
    privateLink:
      'Keep this page’s address: it is your private link, with which you read the owners’ messages and close the report.',
    shareLink: 'Public address, to share:',
    claimsTitle: 'Owners who wrote to you',
    claim: (name) => (name ? `${name}’s owner thinks it is theirs` : 'An owner thinks it is theirs'),
    openConversation: 'Open the conversation',
    noClaims: 'No owner has come forward yet.',
    closeTitle: 'Is it back home?',
    closeHint: 'The report will be closed and lost animals no longer listed; the page stays readable for 90 days.',
    close: 'Close the report',
    closedNow: 'The report is closed. Thank you for your help!',
    linkNotValid: 'This private link is not this report’s.',
    notFound: 'This report does not exist or is no longer online.',
    photos: 'Photos (optional, 3 at most)',
    photosHint: 'They are shown on the page, so that its owner recognises it; where they were taken is never kept.',
    tooManyPhotos: 'Send 3 photos at most.',
    sentNoPosition:
      'Thank you! Your report is online. Without a position it cannot be matched with the lost animals around: share its public address near where you found it.',
    privateLinkClosed:
      'Keep this page’s address: it is your private link, with which you read the owners’ messages again.',
    mailAsk: 'Would you like an e-mail when an owner writes to you?',
    mailButton: 'Tell me by e-mail',
    mailOn: 'You will get an e-mail when an owner writes to you.',
    toForm: 'Report a found animal',
    abuseTitle: 'A problem with this page?',
    abuseHint: 'An offensive photo or text, a false report: say so. After several reports, the page is hidden.',
    abuse: 'Report abuse',
    abuseSent: 'Thank you: your report of abuse is recorded.',
    tooManyAbuse: 'You have already reported several pages today. Try again tomorrow.',
    hidden: 'This report was hidden after several reports of abuse.',
  },
  es: {
    formTitle: 'He encontrado un animal – Médaille',
    pageTitle: 'Animal encontrado – Médaille',
    formHeading: 'He encontrado un animal',
    formIntro:
      '¿No lleva medalla Médaille, o la ha perdido? Avise: las familias que buscan un animal cerca reciben el aviso, y usted ve los animales perdidos de alrededor.',
    species: 'Especie',
    description: 'Su color, sus señas (collar, tatuaje, tamaño…)',
    messageLabel: 'Unas palabras para su dueño (opcional)',
    email: 'Su correo electrónico (opcional)',
    emailHint:
      'Para recibir un aviso si su dueño le escribe. Nunca se le muestra, y cada correo permite dejar de recibirlos.',
    whereHint: 'El lugar exacto nunca se muestra: la página indica una zona de unos 400 m.',
    positionAdded:
      'Posición añadida: sirve para avisar a las familias que buscan alrededor, y nunca se muestra tal cual.',
    send: 'Avisar',
    whereRequired: 'Indique dónde lo encontró, o añada su posición.',
    tooLong: 'El lugar no debe superar 120 caracteres, la descripción 300, el mensaje 500.',
    tooManyReports: 'Ya ha avisado de varios animales hoy. Inténtelo de nuevo mañana.',
    animalHeading: (species) => `Animal encontrado: ${species}`,
    foundOn: (date) => `Encontrado el ${date}`,
    around: (metres) => `En un radio de unos ${metres} m`,
    signsTitle: 'Sus señas',
    finderWords: 'Lo que dice la persona que lo encontró',
    closed: 'Ha vuelto a casa. Gracias a todas las personas que ayudaron.',
    nearbyTitle: 'Perdidos cerca de aquí',
    nearbyLost: (date) => `Perdido el ${date}`,
    nearbyAway: (metres) => `a unos ${metres} m`,
    nearbyNone: 'Por ahora no hay ningún animal perdido cerca de aquí.',
    nearbyNoPosition: 'Sin posición, la página no puede buscar los animales perdidos alrededor de este lugar.',
    mineTitle: '¿Es el suyo?',
    mineText:
      'Dígaselo a la persona que lo encontró: podrá responderle, sin que se muestren sus datos de contacto ni los suyos.',
    mine: 'Es el mío',
    sent: '¡Gracias! Su aviso está en línea; las familias que buscan cerca van a recibir el aviso.',
    privateLink:
      'Guarde la dirección de esta página: es su enlace privado, con el que lee los mensajes de los dueños y cierra el aviso.',
    shareLink: 'Dirección pública, para compartir:',
    claimsTitle: 'Los dueños que le han escrito',
    claim: (name) => (name ? `El dueño de ${name} cree que es el suyo` : 'Un dueño cree que es el suyo'),
    openConversation: 'Abrir la conversación',
    noClaims: 'Ningún dueño se ha manifestado todavía.',
    closeTitle: '¿Ha vuelto a casa?',
    closeHint: 'El aviso se cerrará y los animales perdidos dejarán de mostrarse; la página seguirá legible 90 días.',
    close: 'Cerrar el aviso',
    closedNow: 'El aviso está cerrado. ¡Gracias por su ayuda!',
    linkNotValid: 'Este enlace privado no es el de este aviso.',
    notFound: 'Este aviso no existe o ya no está en línea.',
    photos: 'Fotos (opcional, 3 como máximo)',
    photosHint: 'Se muestran en la página, para que su dueño lo reconozca; nunca se guarda dónde se tomaron.',
    tooManyPhotos: 'Envíe 3 fotos como máximo.',
    sentNoPosition:
      '¡Gracias! Su aviso está en línea. Sin posición no puede relacionarse con los animales perdidos de alrededor: comparta su dirección pública cerca de donde lo encontró.',
    privateLinkClosed:
      'Guarde la dirección de esta página: es su enlace privado, con el que vuelve a leer los mensajes de los dueños.',
    mailAsk: '¿Quiere recibir un correo cuando un dueño le escriba?',
    mailButton: 'Avisarme por correo',
    mailOn: 'Recibirá un correo cuando un dueño le escriba.',
    toForm: 'Avisar de un animal encontrado',
    abuseTitle: '¿Un problema con esta página?',
    abuseHint: 'Una foto o un texto ofensivo, un aviso falso: dígalo. Tras varios avisos, la página se oculta.',
    abuse: 'Denunciar un abuso',
    abuseSent: 'Gracias: su denuncia de abuso queda registrada.',
    tooManyAbuse: 'Ya ha denunciado varias páginas hoy. Inténtelo de nuevo mañana.',
    hidden: 'Este aviso se ha ocultado tras varias denuncias de abuso.',
  },
  de: {
    formTitle: 'Ich habe ein Tier gefunden – Médaille',
    pageTitle: 'Gefundenes Tier – Médaille',
    formHeading: 'Ich habe ein Tier gefunden',
    formIntro:
      'Es trägt keine Médaille-Marke oder hat sie verloren? Melden Sie es: Familien, die in der Nähe ein Tier suchen, werden benachrichtigt, und Sie sehen die vermissten Tiere ringsum.',
    species: 'Tierart',
    description: 'Seine Farbe, seine Merkmale (Halsband, Tätowierung, Größe…)',
    messageLabel: 'Ein Wort an den Besitzer (optional)',
    email: 'Ihre E-Mail-Adresse (optional)',
    emailHint:
      'Damit Sie benachrichtigt werden, wenn der Besitzer Ihnen schreibt. Sie wird ihm nie gezeigt, und jede E-Mail lässt sich abbestellen.',
    whereHint: 'Der genaue Ort wird nie gezeigt: Die Seite nennt einen Bereich von etwa 400 m.',
    positionAdded:
      'Standort hinzugefügt: Er dient dazu, suchende Familien in der Nähe zu benachrichtigen, und wird nie genau gezeigt.',
    send: 'Melden',
    whereRequired: 'Geben Sie an, wo Sie es gefunden haben, oder fügen Sie Ihren Standort hinzu.',
    tooLong: 'Der Ort darf höchstens 120 Zeichen lang sein, die Beschreibung 300, die Nachricht 500.',
    tooManyReports: 'Sie haben heute schon mehrere Tiere gemeldet. Versuchen Sie es morgen erneut.',
    animalHeading: (species) => `Gefundenes Tier: ${species}`,
    foundOn: (date) => `Gefunden am ${date}`,
    around: (metres) => `Im Umkreis von etwa ${metres} m`,
    signsTitle: 'Seine Merkmale',
    finderWords: 'Was die Person sagt, die es gefunden hat',
    closed: 'Es ist wieder zu Hause. Danke an alle, die geholfen haben.',
    nearbyTitle: 'In der Nähe vermisst',
    nearbyLost: (date) => `Vermisst seit ${date}`,
    nearbyAway: (metres) => `etwa ${metres} m entfernt`,
    nearbyNone: 'In der Nähe ist derzeit kein vermisstes Tier gemeldet.',
    nearbyNoPosition: 'Ohne Standort kann die Seite nicht nach vermissten Tieren rund um diesen Ort suchen.',
    mineTitle: 'Ist es Ihres?',
    mineText:
      'Sagen Sie es der Person, die es gefunden hat: Sie kann Ihnen antworten, ohne dass Ihre oder ihre Kontaktdaten gezeigt werden.',
    mine: 'Das ist meins',
    sent: 'Danke! Ihre Meldung ist online; die Familien, die in der Nähe suchen, werden benachrichtigt.',
    privateLink:
      'Bewahren Sie die Adresse dieser Seite auf: Es ist Ihr privater Link, mit dem Sie die Nachrichten der Besitzer lesen und die Meldung schließen.',
    shareLink: 'Öffentliche Adresse zum Teilen:',
    claimsTitle: 'Besitzer, die Ihnen geschrieben haben',
    claim: (name) => (name ? `Der Besitzer von ${name} glaubt, es sei seines` : 'Ein Besitzer glaubt, es sei seines'),
    openConversation: 'Unterhaltung öffnen',
    noClaims: 'Noch hat sich kein Besitzer gemeldet.',
    closeTitle: 'Ist es wieder zu Hause?',
    closeHint:
      'Die Meldung wird geschlossen und vermisste Tiere nicht mehr aufgeführt; die Seite bleibt 90 Tage lesbar.',
    close: 'Meldung schließen',
    closedNow: 'Die Meldung ist geschlossen. Danke für Ihre Hilfe!',
    linkNotValid: 'Dieser private Link gehört nicht zu dieser Meldung.',
    notFound: 'Diese Meldung gibt es nicht oder sie ist nicht mehr online.',
    photos: 'Fotos (optional, höchstens 3)',
    photosHint:
      'Sie werden auf der Seite gezeigt, damit der Besitzer es erkennt; wo sie aufgenommen wurden, wird nie gespeichert.',
    tooManyPhotos: 'Senden Sie höchstens 3 Fotos.',
    sentNoPosition:
      'Danke! Ihre Meldung ist online. Ohne Standort kann sie nicht mit vermissten Tieren in der Nähe abgeglichen werden: Teilen Sie ihre öffentliche Adresse dort, wo Sie das Tier gefunden haben.',
    privateLinkClosed:
      'Bewahren Sie die Adresse dieser Seite auf: Es ist Ihr privater Link, mit dem Sie die Nachrichten der Besitzer wieder lesen.',
    mailAsk: 'Möchten Sie eine E-Mail erhalten, wenn ein Besitzer Ihnen schreibt?',
    mailButton: 'Per E-Mail benachrichtigen',
    mailOn: 'Sie erhalten eine E-Mail, wenn ein Besitzer Ihnen schreibt.',
    toForm: 'Ein gefundenes Tier melden',
    abuseTitle: 'Ein Problem mit dieser Seite?',
    abuseHint:
      'Ein anstößiges Foto oder ein anstößiger Text, eine falsche Meldung: Sagen Sie es. Nach mehreren Meldungen wird die Seite ausgeblendet.',
    abuse: 'Missbrauch melden',
    abuseSent: 'Danke: Ihre Missbrauchsmeldung ist gespeichert.',
    tooManyAbuse: 'Sie haben heute schon mehrere Seiten gemeldet. Versuchen Sie es morgen erneut.',
    hidden: 'Diese Meldung wurde nach mehreren Missbrauchsmeldungen ausgeblendet.',
  },
  it: {
    formTitle: 'Ho trovato un animale – Médaille',
    pageTitle: 'Animale trovato – Médaille',
    formHeading: 'Ho trovato un animale',
    formIntro:
      'Non porta una medaglietta Médaille, o l’ha persa? Segnalalo: le famiglie che cercano un animale qui vicino vengono avvisate, e vedi gli animali smarriti nei dintorni.',
    species: 'Specie',
    description: 'Il suo colore, i suoi segni (collare, tatuaggio, taglia…)',
    messageLabel: 'Due parole per il proprietario (facoltativo)',
    email: 'Il tuo indirizzo e-mail (facoltativo)',
    emailHint:
      'Per essere avvisato se il proprietario ti scrive. Non gli viene mai mostrato, e ogni e-mail permette di non riceverne più.',
    whereHint: 'Il luogo esatto non viene mai mostrato: la pagina indica una zona di circa 400 m.',
    positionAdded:
      'Posizione aggiunta: serve ad avvisare le famiglie che cercano nei dintorni, e non viene mai mostrata così com’è.',
    send: 'Segnala',
    whereRequired: 'Indica dove l’hai trovato, o aggiungi la tua posizione.',
    tooLong: 'Il luogo non deve superare 120 caratteri, la descrizione 300, il messaggio 500.',
    tooManyReports: 'Hai già segnalato diversi animali oggi. Riprova domani.',
    animalHeading: (species) => `Animale trovato: ${species}`,
    foundOn: (date) => `Trovato il ${date}`,
    around: (metres) => `In un raggio di circa ${metres} m`,
    signsTitle: 'I suoi segni',
    finderWords: 'Cosa dice la persona che l’ha trovato',
    closed: 'È tornato a casa. Grazie a tutte le persone che hanno aiutato.',
    nearbyTitle: 'Smarriti qui vicino',
    nearbyLost: (date) => `Smarrito il ${date}`,
    nearbyAway: (metres) => `a circa ${metres} m`,
    nearbyNone: 'Per ora non è segnalato nessun animale smarrito qui vicino.',
    nearbyNoPosition: 'Senza posizione, la pagina non può cercare gli animali smarriti intorno a questo luogo.',
    mineTitle: 'È il tuo?',
    mineText:
      'Dillo alla persona che l’ha trovato: potrà risponderti, senza che i tuoi recapiti o i suoi vengano mostrati.',
    mine: 'È il mio',
    sent: 'Grazie! La tua segnalazione è online; le famiglie che cercano qui vicino stanno per essere avvisate.',
    privateLink:
      'Conserva l’indirizzo di questa pagina: è il tuo link privato, con cui leggi i messaggi dei proprietari e chiudi la segnalazione.',
    shareLink: 'Indirizzo pubblico, da condividere:',
    claimsTitle: 'I proprietari che ti hanno scritto',
    claim: (name) =>
      name ? `Il proprietario di ${name} pensa che sia il suo` : 'Un proprietario pensa che sia il suo',
    openConversation: 'Apri la conversazione',
    noClaims: 'Nessun proprietario si è ancora fatto avanti.',
    closeTitle: 'È tornato a casa?',
    closeHint:
      'La segnalazione sarà chiusa e gli animali smarriti non saranno più elencati; la pagina resta leggibile 90 giorni.',
    close: 'Chiudi la segnalazione',
    closedNow: 'La segnalazione è chiusa. Grazie per il tuo aiuto!',
    linkNotValid: 'Questo link privato non è quello di questa segnalazione.',
    notFound: 'Questa segnalazione non esiste o non è più online.',
    photos: 'Foto (facoltative, al massimo 3)',
    photosHint:
      'Sono mostrate sulla pagina, perché il proprietario lo riconosca; il luogo in cui sono state scattate non viene mai conservato.',
    tooManyPhotos: 'Invia al massimo 3 foto.',
    sentNoPosition:
      'Grazie! La tua segnalazione è online. Senza posizione non può essere collegata agli animali smarriti nei dintorni: condividi il suo indirizzo pubblico vicino a dove l’hai trovato.',
    privateLinkClosed:
      'Conserva l’indirizzo di questa pagina: è il tuo link privato, con cui rileggi i messaggi dei proprietari.',
    mailAsk: 'Vuoi ricevere un’e-mail quando un proprietario ti scrive?',
    mailButton: 'Avvisami per e-mail',
    mailOn: 'Riceverai un’e-mail quando un proprietario ti scrive.',
    toForm: 'Segnala un animale trovato',
    abuseTitle: 'Un problema con questa pagina?',
    abuseHint:
      'Una foto o un testo offensivo, una falsa segnalazione: dillo. Dopo diverse segnalazioni, la pagina viene nascosta.',
    abuse: 'Segnala un abuso',
    abuseSent: 'Grazie: la tua segnalazione di abuso è registrata.',
    tooManyAbuse: 'Hai già segnalato diverse pagine oggi. Riprova domani.',
    hidden: 'Questa segnalazione è stata nascosta dopo diverse segnalazioni di abuso.',
  },
  nl: {
    formTitle: 'Ik heb een dier gevonden – Médaille',
    pageTitle: 'Gevonden dier – Médaille',
    formHeading: 'Ik heb een dier gevonden',
    formIntro:
      'Draagt het geen Médaille-penning, of is die kwijt? Meld het: gezinnen die in de buurt een dier zoeken, krijgen bericht, en u ziet de vermiste dieren in de omgeving.',
    species: 'Diersoort',
    description: 'Zijn kleur, zijn kenmerken (halsband, tatoeage, grootte…)',
    messageLabel: 'Een woord voor de eigenaar (optioneel)',
    email: 'Uw e-mailadres (optioneel)',
    emailHint:
      'Om bericht te krijgen als de eigenaar u schrijft. Het wordt hem nooit getoond, en met elke e-mail kunt u zich afmelden.',
    whereHint: 'De precieze plek wordt nooit getoond: de pagina noemt een gebied van ongeveer 400 m.',
    positionAdded:
      'Positie toegevoegd: die dient om gezinnen die in de buurt zoeken te waarschuwen, en wordt nooit precies getoond.',
    send: 'Melden',
    whereRequired: 'Zeg waar u het vond, of voeg uw positie toe.',
    tooLong: 'De plaats mag hoogstens 120 tekens lang zijn, de beschrijving 300, het bericht 500.',
    tooManyReports: 'U hebt vandaag al meerdere dieren gemeld. Probeer het morgen opnieuw.',
    animalHeading: (species) => `Gevonden dier: ${species}`,
    foundOn: (date) => `Gevonden op ${date}`,
    around: (metres) => `Binnen ongeveer ${metres} m`,
    signsTitle: 'Zijn kenmerken',
    finderWords: 'Wat de vinder zegt',
    closed: 'Het is weer thuis. Bedankt aan iedereen die geholpen heeft.',
    nearbyTitle: 'Vermist in de buurt',
    nearbyLost: (date) => `Vermist sinds ${date}`,
    nearbyAway: (metres) => `op ongeveer ${metres} m`,
    nearbyNone: 'Er is voorlopig geen vermist dier in de buurt gemeld.',
    nearbyNoPosition: 'Zonder positie kan de pagina niet zoeken naar vermiste dieren rond deze plek.',
    mineTitle: 'Is het van u?',
    mineText: 'Zeg het tegen de vinder: die kan u antwoorden, zonder dat uw of zijn contactgegevens worden getoond.',
    mine: 'Het is van mij',
    sent: 'Bedankt! Uw melding staat online; de gezinnen die in de buurt zoeken, krijgen bericht.',
    privateLink:
      'Bewaar het adres van deze pagina: het is uw privélink, waarmee u de berichten van eigenaars leest en de melding sluit.',
    shareLink: 'Openbaar adres, om te delen:',
    claimsTitle: 'Eigenaars die u schreven',
    claim: (name) =>
      name ? `De eigenaar van ${name} denkt dat het het zijne is` : 'Een eigenaar denkt dat het het zijne is',
    openConversation: 'Gesprek openen',
    noClaims: 'Er heeft zich nog geen eigenaar gemeld.',
    closeTitle: 'Is het weer thuis?',
    closeHint:
      'De melding wordt gesloten en vermiste dieren worden niet meer getoond; de pagina blijft 90 dagen leesbaar.',
    close: 'Melding sluiten',
    closedNow: 'De melding is gesloten. Bedankt voor uw hulp!',
    linkNotValid: 'Deze privélink hoort niet bij deze melding.',
    notFound: 'Deze melding bestaat niet of staat niet meer online.',
    photos: 'Foto’s (optioneel, hoogstens 3)',
    photosHint:
      'Ze worden op de pagina getoond, zodat de eigenaar het herkent; waar ze genomen zijn, wordt nooit bewaard.',
    tooManyPhotos: 'Stuur hoogstens 3 foto’s.',
    sentNoPosition:
      'Bedankt! Uw melding staat online. Zonder positie kan ze niet gekoppeld worden aan vermiste dieren in de buurt: deel het openbare adres in de buurt waar u het vond.',
    privateLinkClosed:
      'Bewaar het adres van deze pagina: het is uw privélink, waarmee u de berichten van eigenaars opnieuw leest.',
    mailAsk: 'Wilt u een e-mail krijgen als een eigenaar u schrijft?',
    mailButton: 'Stuur mij een e-mail',
    mailOn: 'U krijgt een e-mail als een eigenaar u schrijft.',
    toForm: 'Een gevonden dier melden',
    abuseTitle: 'Een probleem met deze pagina?',
    abuseHint:
      'Een aanstootgevende foto of tekst, een valse melding: zeg het. Na meerdere meldingen wordt de pagina verborgen.',
    abuse: 'Misbruik melden',
    abuseSent: 'Bedankt: uw melding van misbruik is opgeslagen.',
    tooManyAbuse: 'U hebt vandaag al meerdere pagina’s gemeld. Probeer het morgen opnieuw.',
    hidden: 'Deze melding is verborgen na meerdere meldingen van misbruik.',
  },
};
