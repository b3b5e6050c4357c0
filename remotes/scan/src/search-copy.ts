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
}

export const SEARCH_WORDS: Record<Language, SearchWords> = {
  fr: {
    title: 'Recherche d’un animal perdu – Médaille',
    heading: (name) => (name ? `Aidez-nous à retrouver ${name}` : 'Aidez-nous à retrouver cet animal'),
    since: (date) => `Recherche lancée le ${date}`,
    lastSeenTitle: 'Dernier signalement',
    lastSeenOn: (date) => `Le ${date}`,
    within: (metres) => `Dans un rayon d’environ ${metres} m`,
    householdWords: 'Ce que dit sa famille',
    foundHeading: 'Retrouvé !',
    foundText: 'Merci à toutes celles et à tous ceux qui ont aidé à chercher.',
    notFound: 'Cette recherche n’existe pas ou n’est plus en ligne.',
    tooMany: 'Trop de consultations depuis votre connexion. Réessayez dans une minute.',
    unavailable: 'Le service est momentanément indisponible. Réessayez dans un instant.',
  },
  en: {
    title: 'Search for a lost animal – Médaille',
    heading: (name) => (name ? `Help us find ${name}` : 'Help us find this animal'),
    since: (date) => `Search started on ${date}`,
    lastSeenTitle: 'Last seen',
    lastSeenOn: (date) => `On ${date}`,
    within: (metres) => `Within about ${metres} m`,
    householdWords: 'What the family says',
    foundHeading: 'Found!',
    foundText: 'Thank you to everyone who helped search.',
    notFound: 'This search does not exist or is no longer online.',
    tooMany: 'Too many pages opened from your connection. Try again in a minute.',
    unavailable: 'The service is temporarily unavailable. Try again in a moment.',
  },
  es: {
    title: 'Búsqueda de un animal perdido – Médaille',
    heading: (name) => (name ? `Ayúdanos a encontrar a ${name}` : 'Ayúdanos a encontrar a este animal'),
    since: (date) => `Búsqueda iniciada el ${date}`,
    lastSeenTitle: 'Última vez visto',
    lastSeenOn: (date) => `El ${date}`,
    within: (metres) => `En un radio de unos ${metres} m`,
    householdWords: 'Lo que dice su familia',
    foundHeading: '¡Encontrado!',
    foundText: 'Gracias a todas las personas que ayudaron a buscar.',
    notFound: 'Esta búsqueda no existe o ya no está en línea.',
    tooMany: 'Demasiadas consultas desde tu conexión. Inténtalo de nuevo en un minuto.',
    unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en un instante.',
  },
  de: {
    title: 'Suche nach einem vermissten Tier – Médaille',
    heading: (name) => (name ? `Helfen Sie uns, ${name} zu finden` : 'Helfen Sie uns, dieses Tier zu finden'),
    since: (date) => `Suche begonnen am ${date}`,
    lastSeenTitle: 'Zuletzt gesehen',
    lastSeenOn: (date) => `Am ${date}`,
    within: (metres) => `Im Umkreis von etwa ${metres} m`,
    householdWords: 'Was die Familie sagt',
    foundHeading: 'Gefunden!',
    foundText: 'Danke an alle, die bei der Suche geholfen haben.',
    notFound: 'Diese Suche gibt es nicht oder sie ist nicht mehr online.',
    tooMany: 'Zu viele Aufrufe von Ihrer Verbindung. Versuchen Sie es in einer Minute erneut.',
    unavailable: 'Der Dienst ist vorübergehend nicht verfügbar. Versuchen Sie es gleich noch einmal.',
  },
  it: {
    title: 'Ricerca di un animale smarrito – Médaille',
    heading: (name) => (name ? `Aiutaci a ritrovare ${name}` : 'Aiutaci a ritrovare questo animale'),
    since: (date) => `Ricerca avviata il ${date}`,
    lastSeenTitle: 'Ultimo avvistamento',
    lastSeenOn: (date) => `Il ${date}`,
    within: (metres) => `In un raggio di circa ${metres} m`,
    householdWords: 'Cosa dice la sua famiglia',
    foundHeading: 'Ritrovato!',
    foundText: 'Grazie a tutte le persone che hanno aiutato a cercare.',
    notFound: 'Questa ricerca non esiste o non è più online.',
    tooMany: 'Troppe consultazioni dalla tua connessione. Riprova tra un minuto.',
    unavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra un istante.',
  },
  nl: {
    title: 'Zoektocht naar een vermist dier – Médaille',
    heading: (name) => (name ? `Help ons ${name} te vinden` : 'Help ons dit dier te vinden'),
    since: (date) => `Zoektocht gestart op ${date}`,
    lastSeenTitle: 'Laatst gezien',
    lastSeenOn: (date) => `Op ${date}`,
    within: (metres) => `Binnen ongeveer ${metres} m`,
    householdWords: 'Wat de familie zegt',
    foundHeading: 'Gevonden!',
    foundText: 'Dank aan iedereen die heeft helpen zoeken.',
    notFound: 'Deze zoektocht bestaat niet of staat niet meer online.',
    tooMany: 'Te veel pagina’s geopend vanaf uw verbinding. Probeer het over een minuut opnieuw.',
    unavailable: 'De dienst is tijdelijk niet beschikbaar. Probeer het zo meteen opnieuw.',
  },
};
