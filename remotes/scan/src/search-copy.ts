// The words of a loss's search page (search-page.tsx), in the scan page's six languages; the animal's facts take
// the scan page's own labels (copy.ts). Server only, as conversation-copy.ts is.
import type { Language } from './i18n.ts';

export interface SearchWords {
  /** The document's title. */
  title: string;
  /** The page's heading, with the animal's name unless the household hid it. */
  heading: (name: string | null) => string;
  since: (date: string) => string;
  lastSeenTitle: string;
  lastSeenOn: (date: string) => string;
  /** The area around the place, never a point. */
  within: (metres: number) => string;
  householdWords: string;
  foundHeading: string;
  foundText: string;
  /** An id that names no search, or one forgotten 90 days after the animal was found. */
  notFound: string;
  tooMany: string;
  unavailable: string;
  /** The sightings the household has not hidden. */
  sightingsTitle: string;
  seen: string;
  withMe: string;
  away: (metres: number) => string;
  /** The form that reports one, which works without JavaScript. */
  reportTitle: string;
  reportHint: string;
  place: string;
  when: string;
  words: string;
  send: string;
  sent: string;
  tooLong: string;
  inFuture: string;
  invalidText: string;
  tooManyReports: string;
}

export const SEARCH_WORDS: Record<Language, SearchWords> = {
  fr: {
    title: 'Recherche d’un animal perdu – Médaille',
    heading: (name) => (name ? `Aidez-nous à retrouver ${name}` : 'Aidez-nous à retrouver cet animal'),
    since: (date) => `Recherche lancée le ${date}`,
    lastSeenTitle: 'Où chercher',
    lastSeenOn: (date) => `Le ${date}`,
    within: (metres) => `Dans un rayon d’environ ${metres} m`,
    householdWords: 'Ce que dit sa famille',
    foundHeading: 'Retrouvé !',
    foundText: 'Merci à toutes celles et à tous ceux qui ont aidé à chercher.',
    notFound: 'Cette recherche n’existe pas ou n’est plus en ligne.',
    tooMany: 'Trop de consultations depuis votre connexion. Réessayez dans une minute.',
    unavailable: 'Le service est momentanément indisponible. Réessayez dans un instant.',
    sightingsTitle: 'Derniers signalements',
    seen: "Je l'ai vu",
    withMe: "Je l'ai avec moi",
    away: (m) => `à environ ${m} m de la zone`,
    reportTitle: 'Vous l’avez vu ?',
    reportHint: 'Ce que vous écrivez ici est visible sur cette page et envoyé à sa famille.',
    place: 'Où ? (rue, commune)',
    when: 'Quand ?',
    words: 'Votre message (facultatif)',
    send: 'Envoyer',
    sent: 'Merci ! Sa famille est prévenue.',
    tooLong: 'Le lieu ne doit pas dépasser 120 caractères, le message 500.',
    inFuture: 'L’heure indiquée est dans le futur.',
    invalidText: 'Le texte contient des caractères non valides.',
    tooManyReports: 'Vous avez déjà signalé cet animal plusieurs fois. Réessayez dans une heure.',
  },
  en: {
    title: 'Search for a lost animal – Médaille',
    heading: (name) => (name ? `Help us find ${name}` : 'Help us find this animal'),
    since: (date) => `Search started on ${date}`,
    lastSeenTitle: 'Where to look',
    lastSeenOn: (date) => `On ${date}`,
    within: (metres) => `Within about ${metres} m`,
    householdWords: 'What the family says',
    foundHeading: 'Found!',
    foundText: 'Thank you to everyone who helped search.',
    notFound: 'This search does not exist or is no longer online.',
    tooMany: 'Too many pages opened from your connection. Try again in a minute.',
    unavailable: 'The service is temporarily unavailable. Try again in a moment.',
    sightingsTitle: 'Latest sightings',
    seen: 'I saw it',
    withMe: 'I have it with me',
    away: (m) => `about ${m} m from the area`,
    reportTitle: 'Have you seen it?',
    reportHint: 'What you write here is shown on this page and sent to its family.',
    place: 'Where? (street, town)',
    when: 'When?',
    words: 'Your message (optional)',
    send: 'Send',
    sent: 'Thank you! Its family has been told.',
    tooLong: 'The place must be at most 120 characters, the message 500.',
    inFuture: 'The time given is in the future.',
    invalidText: 'The text contains characters that are not allowed.',
    tooManyReports: 'You have already reported this animal several times. Try again in an hour.',
  },
  es: {
    title: 'Búsqueda de un animal perdido – Médaille',
    heading: (name) => (name ? `Ayúdanos a encontrar a ${name}` : 'Ayúdanos a encontrar a este animal'),
    since: (date) => `Búsqueda iniciada el ${date}`,
    lastSeenTitle: 'Dónde buscar',
    lastSeenOn: (date) => `El ${date}`,
    within: (metres) => `En un radio de unos ${metres} m`,
    householdWords: 'Lo que dice su familia',
    foundHeading: '¡Encontrado!',
    foundText: 'Gracias a todas las personas que ayudaron a buscar.',
    notFound: 'Esta búsqueda no existe o ya no está en línea.',
    tooMany: 'Demasiadas consultas desde tu conexión. Inténtalo de nuevo en un minuto.',
    unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en un instante.',
    sightingsTitle: 'Últimos avistamientos',
    seen: 'Lo he visto',
    withMe: 'Lo tengo conmigo',
    away: (m) => `a unos ${m} m de la zona`,
    reportTitle: '¿Lo has visto?',
    reportHint: 'Lo que escribas aquí se muestra en esta página y se envía a su familia.',
    place: '¿Dónde? (calle, municipio)',
    when: '¿Cuándo?',
    words: 'Tu mensaje (opcional)',
    send: 'Enviar',
    sent: '¡Gracias! Su familia ha sido avisada.',
    tooLong: 'El lugar no debe superar los 120 caracteres, el mensaje los 500.',
    inFuture: 'La hora indicada está en el futuro.',
    invalidText: 'El texto contiene caracteres no válidos.',
    tooManyReports: 'Ya has avisado de este animal varias veces. Inténtalo de nuevo en una hora.',
  },
  de: {
    title: 'Suche nach einem vermissten Tier – Médaille',
    heading: (name) => (name ? `Helfen Sie uns, ${name} zu finden` : 'Helfen Sie uns, dieses Tier zu finden'),
    since: (date) => `Suche begonnen am ${date}`,
    lastSeenTitle: 'Wo suchen',
    lastSeenOn: (date) => `Am ${date}`,
    within: (metres) => `Im Umkreis von etwa ${metres} m`,
    householdWords: 'Was die Familie sagt',
    foundHeading: 'Gefunden!',
    foundText: 'Danke an alle, die bei der Suche geholfen haben.',
    notFound: 'Diese Suche gibt es nicht oder sie ist nicht mehr online.',
    tooMany: 'Zu viele Aufrufe von Ihrer Verbindung. Versuchen Sie es in einer Minute erneut.',
    unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Versuchen Sie es gleich noch einmal.',
    sightingsTitle: 'Letzte Sichtungen',
    seen: 'Ich habe es gesehen',
    withMe: 'Ich habe es bei mir',
    away: (m) => `etwa ${m} m vom Gebiet entfernt`,
    reportTitle: 'Haben Sie es gesehen?',
    reportHint: 'Was Sie hier schreiben, wird auf dieser Seite gezeigt und an seine Familie gesendet.',
    place: 'Wo? (Straße, Ort)',
    when: 'Wann?',
    words: 'Ihre Nachricht (optional)',
    send: 'Senden',
    sent: 'Danke! Seine Familie wurde benachrichtigt.',
    tooLong: 'Der Ort darf höchstens 120 Zeichen lang sein, die Nachricht 500.',
    inFuture: 'Die angegebene Zeit liegt in der Zukunft.',
    invalidText: 'Der Text enthält ungültige Zeichen.',
    tooManyReports: 'Sie haben dieses Tier bereits mehrmals gemeldet. Versuchen Sie es in einer Stunde erneut.',
  },
  it: {
    title: 'Ricerca di un animale smarrito – Médaille',
    heading: (name) => (name ? `Aiutaci a ritrovare ${name}` : 'Aiutaci a ritrovare questo animale'),
    since: (date) => `Ricerca avviata il ${date}`,
    lastSeenTitle: 'Dove cercare',
    lastSeenOn: (date) => `Il ${date}`,
    within: (metres) => `In un raggio di circa ${metres} m`,
    householdWords: 'Cosa dice la sua famiglia',
    foundHeading: 'Ritrovato!',
    foundText: 'Grazie a tutte le persone che hanno aiutato a cercare.',
    notFound: 'Questa ricerca non esiste o non è più online.',
    tooMany: 'Troppe consultazioni dalla tua connessione. Riprova tra un minuto.',
    unavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra un istante.',
    sightingsTitle: 'Ultimi avvistamenti',
    seen: 'L’ho visto',
    withMe: 'Ce l’ho con me',
    away: (m) => `a circa ${m} m dalla zona`,
    reportTitle: 'L’hai visto?',
    reportHint: 'Ciò che scrivi qui è visibile su questa pagina e inviato alla sua famiglia.',
    place: 'Dove? (via, comune)',
    when: 'Quando?',
    words: 'Il tuo messaggio (facoltativo)',
    send: 'Invia',
    sent: 'Grazie! La sua famiglia è stata avvisata.',
    tooLong: 'Il luogo non deve superare i 120 caratteri, il messaggio i 500.',
    inFuture: 'L’ora indicata è nel futuro.',
    invalidText: 'Il testo contiene caratteri non validi.',
    tooManyReports: 'Hai già segnalato questo animale più volte. Riprova tra un’ora.',
  },
  nl: {
    title: 'Zoektocht naar een vermist dier – Médaille',
    heading: (name) => (name ? `Help ons ${name} te vinden` : 'Help ons dit dier te vinden'),
    since: (date) => `Zoektocht gestart op ${date}`,
    lastSeenTitle: 'Waar zoeken',
    lastSeenOn: (date) => `Op ${date}`,
    within: (metres) => `Binnen ongeveer ${metres} m`,
    householdWords: 'Wat de familie zegt',
    foundHeading: 'Gevonden!',
    foundText: 'Dank aan iedereen die heeft helpen zoeken.',
    notFound: 'Deze zoektocht bestaat niet of staat niet meer online.',
    tooMany: 'Te veel pagina’s geopend vanaf uw verbinding. Probeer het over een minuut opnieuw.',
    unavailable: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo meteen opnieuw.',
    sightingsTitle: 'Laatste meldingen',
    seen: 'Ik heb het gezien',
    withMe: 'Ik heb het bij me',
    away: (m) => `ongeveer ${m} m van het gebied`,
    reportTitle: 'Hebt u het gezien?',
    reportHint: 'Wat u hier schrijft, staat op deze pagina en gaat naar de familie.',
    place: 'Waar? (straat, plaats)',
    when: 'Wanneer?',
    words: 'Uw bericht (optioneel)',
    send: 'Versturen',
    sent: 'Dank u! De familie is op de hoogte gebracht.',
    tooLong: 'De plaats mag hoogstens 120 tekens lang zijn, het bericht 500.',
    inFuture: 'Het opgegeven tijdstip ligt in de toekomst.',
    invalidText: 'De tekst bevat ongeldige tekens.',
    tooManyReports: 'U hebt dit dier al meerdere keren gemeld. Probeer het over een uur opnieuw.',
  },
};
