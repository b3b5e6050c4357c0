// The words that say what a loss's search page is about, in the finder languages: the page's heading and
// its first line (remotes/scan's search-copy.ts), which are also the picture a shared link of the page shows
// (supabase/functions/search-card), so that the page and its picture always say the same.
import type { FinderLanguage } from './languages.ts';

/** The picture's size, Open Graph's large one (the page's og:image:width and height say it). */
export const SEARCH_CARD_SIZE = { width: 1200, height: 630 } as const;

export interface SearchHeadings {
  /** The page's heading, with the animal's name unless the household hid it. */
  heading: (name: string | null) => string;
  since: (date: string) => string;
  foundHeading: string;
}

export const SEARCH_HEADINGS: Record<FinderLanguage, SearchHeadings> = {
  fr: {
    heading: (name) => (name ? `Aidez-nous à retrouver ${name}` : 'Aidez-nous à retrouver cet animal'),
    since: (date) => `Recherche lancée le ${date}`,
    foundHeading: 'Retrouvé !',
  },
  en: {
    heading: (name) => (name ? `Help us find ${name}` : 'Help us find this animal'),
    since: (date) => `Search started on ${date}`,
    foundHeading: 'Found!',
  },
  es: {
    heading: (name) => (name ? `Ayúdanos a encontrar a ${name}` : 'Ayúdanos a encontrar a este animal'),
    since: (date) => `Búsqueda iniciada el ${date}`,
    foundHeading: '¡Encontrado!',
  },
  de: {
    heading: (name) => (name ? `Helfen Sie uns, ${name} zu finden` : 'Helfen Sie uns, dieses Tier zu finden'),
    since: (date) => `Suche begonnen am ${date}`,
    foundHeading: 'Gefunden!',
  },
  it: {
    heading: (name) => (name ? `Aiutaci a ritrovare ${name}` : 'Aiutaci a ritrovare questo animale'),
    since: (date) => `Ricerca avviata il ${date}`,
    foundHeading: 'Ritrovato!',
  },
  nl: {
    heading: (name) => (name ? `Help ons ${name} te vinden` : 'Help ons dit dier te vinden'),
    since: (date) => `Zoektocht gestart op ${date}`,
    foundHeading: 'Gevonden!',
  },
};
