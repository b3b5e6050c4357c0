// The header of a scan page speaks the finder's language: the scan page chooses it (their switch, their
// browser, or the host's render from the `medaille_lang` cookie) and says it in `<html lang>`, which the
// header follows. The shell's other pages are French. A few words for each of the finder's languages
// (@medaille/domain), so they ship with the shell.
import { type FinderLanguage, isFinderLanguage } from '@medaille/domain';
import { useSyncExternalStore } from 'react';
import { COPY } from './copy.ts';

export type HeaderWords = Record<keyof typeof COPY.header, string>;

const HEADER_WORDS: Record<FinderLanguage, HeaderWords> = {
  fr: COPY.header,
  en: { account: 'My account', signOut: 'Sign out', signIn: 'Sign in', home: 'Médaille, back to the home page' },
  es: { account: 'Mi cuenta', signOut: 'Cerrar sesión', signIn: 'Iniciar sesión', home: 'Médaille, volver al inicio' },
  de: { account: 'Mein Konto', signOut: 'Abmelden', signIn: 'Anmelden', home: 'Médaille, zurück zur Startseite' },
  it: { account: 'Il mio account', signOut: 'Esci', signIn: 'Accedi', home: 'Médaille, torna alla pagina iniziale' },
  nl: {
    account: 'Mijn account',
    signOut: 'Uitloggen',
    signIn: 'Inloggen',
    home: 'Médaille, terug naar de startpagina',
  },
};

/** The header's words for a language tag ('en', 'en-GB'); French for any other. */
export function headerWordsFor(lang: string): HeaderWords {
  const primary = lang.split('-')[0]?.toLowerCase() ?? '';
  return isFinderLanguage(primary) ? HEADER_WORDS[primary] : COPY.header;
}

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

/** The header's words in the document's language, following it as the scan page changes it. */
export function useHeaderWords(): HeaderWords {
  const lang = useSyncExternalStore(
    subscribe,
    () => document.documentElement.lang,
    () => 'fr',
  );
  return headerWordsFor(lang);
}
