// The finder's language (issue 17): French by default, five more chosen from the browser's languages or
// by the switch on the page. French ships with the page; each other language is a chunk of its own,
// downloaded only by a finder who reads it. The words of the dialogs, toasts and refusals are one more
// chunk per language (French included), downloaded when first needed: the route's JavaScript stays
// within its budget in every language (DESIGN section 6).
import { createContext, use, useContext } from 'react';
import { COPY, type Dictionary } from './copy.ts';
import type { DialogDictionary } from './dialog-copy.ts';

/** The languages of the scan page, French first, each with its own name for the switch. */
export const LANGUAGES = [
  { code: 'fr', name: 'Français' },
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

const isLanguage = (value: string): value is Language => LANGUAGES.some((language) => language.code === value);

/** The primary subtag of a language tag, lower case: 'en' for 'en-GB', 'pt' for 'pt_BR'. */
const primarySubtag = (tag: string) => tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';

/**
 * The page's language: the finder's own choice when they made one, else the first of the browser's
 * languages (most preferred first, as navigator.languages or Accept-Language list them) whose primary
 * subtag the page speaks, else French.
 */
export function chooseLanguage(chosen: string | null, browserLanguages: readonly string[]): Language {
  if (chosen !== null && isLanguage(chosen)) return chosen;
  for (const tag of browserLanguages) {
    const primary = primarySubtag(tag);
    if (isLanguage(primary)) return primary;
  }
  return 'fr';
}

const DEFAULT_LOCALES: Record<Language, string> = {
  fr: 'fr-FR',
  en: 'en-GB',
  es: 'es-ES',
  de: 'de-DE',
  it: 'it-IT',
  nl: 'nl-NL',
};

/**
 * The locale dates and numbers are written in: the browser's own variant of the language when it lists
 * one (en-US writes its dates the American way), else the language's European default. French stays
 * fr-FR, as SPEC's French page always wrote it.
 */
export function localeFor(language: Language, browserLanguages: readonly string[]): string {
  if (language === 'fr') return DEFAULT_LOCALES.fr;
  const own = browserLanguages.find((tag) => primarySubtag(tag) === language && tag.includes('-'));
  if (own) {
    try {
      return Intl.getCanonicalLocales(own)[0] ?? DEFAULT_LOCALES[language];
    } catch {
      // Not a valid tag: the default below.
    }
  }
  return DEFAULT_LOCALES[language];
}

const STORAGE_KEY = 'medaille.scan.language';

/** The language the finder chose with the switch, if any (storage may be refused: private modes). */
export function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still changes.
  }
}

// One chunk per language, named so that a test and the bench can tell which one a page downloaded.
const OTHER_DICTIONARIES: Record<Exclude<Language, 'fr'>, () => Promise<{ default: Dictionary }>> = {
  en: () => import(/* webpackChunkName: "lang-en" */ './languages/en.ts'),
  es: () => import(/* webpackChunkName: "lang-es" */ './languages/es.ts'),
  de: () => import(/* webpackChunkName: "lang-de" */ './languages/de.ts'),
  it: () => import(/* webpackChunkName: "lang-it" */ './languages/it.ts'),
  nl: () => import(/* webpackChunkName: "lang-nl" */ './languages/nl.ts'),
};

/** A language's words: French at once; another after its chunk arrives, or French if it cannot. */
export function dictionaryFor(language: Language): Dictionary | Promise<Dictionary> {
  if (language === 'fr') return COPY;
  return OTHER_DICTIONARIES[language]().then(
    (module) => module.default,
    () => COPY,
  );
}

const DIALOG_DICTIONARIES: Record<Language, () => Promise<{ default: DialogDictionary }>> = {
  fr: () => import(/* webpackChunkName: "dialogs-fr" */ './dialog-copy.ts'),
  en: () => import(/* webpackChunkName: "dialogs-en" */ './languages/en-dialogs.ts'),
  es: () => import(/* webpackChunkName: "dialogs-es" */ './languages/es-dialogs.ts'),
  de: () => import(/* webpackChunkName: "dialogs-de" */ './languages/de-dialogs.ts'),
  it: () => import(/* webpackChunkName: "dialogs-it" */ './languages/it-dialogs.ts'),
  nl: () => import(/* webpackChunkName: "dialogs-nl" */ './languages/nl-dialogs.ts'),
};

const dialogWordsAsked = new Map<Language, Promise<DialogDictionary>>();

/**
 * A language's dialog words, asked once (the same promise after, as React's `use` wants). A chunk that
 * cannot load is asked again next time, and French's is used meanwhile if it came.
 */
export function dialogWordsFor(language: Language): Promise<DialogDictionary> {
  let asked = dialogWordsAsked.get(language);
  if (!asked) {
    asked = DIALOG_DICTIONARIES[language]().then(
      (module) => module.default,
      (error: unknown) => {
        dialogWordsAsked.delete(language);
        if (language === 'fr') throw error;
        return dialogWordsFor('fr');
      },
    );
    dialogWordsAsked.set(language, asked);
  }
  return asked;
}

export interface Words {
  language: Language;
  /** For Intl: dates, numbers. */
  locale: string;
  copy: Dictionary;
}

export const FRENCH: Words = { language: 'fr', locale: DEFAULT_LOCALES.fr, copy: COPY };

const WordsContext = createContext<Words>(FRENCH);
export const WordsProvider = WordsContext.Provider;

/** The page's words in the finder's language (French outside a provider, as in a component test). */
export const useWords = (): Words => useContext(WordsContext);

/** The dialog words in the page's language; suspends (within a Suspense boundary) until they are here. */
export const useDialogWords = (): DialogDictionary => use(dialogWordsFor(useWords().language));
