// The finder's language: French by default, five more chosen from the browser's languages or by the switch on the
// page. Each language's words are a chunk of their own, French's too, downloaded only by a finder who reads it (a
// server-rendered page announces its own in its head). The words of the dialogs, toasts and refusals are one more
// chunk per language, downloaded when first needed: the route's JavaScript stays within its budget in every
// language (docs/budgets.md).
import { FINDER_LANGUAGE_NAMES, FINDER_LANGUAGES, type FinderLanguage, isFinderLanguage } from '@medaille/domain';
import { createContext, use, useContext } from 'react';
import type { Dictionary } from './copy.ts';
import type { DialogDictionary } from './dialog-copy.ts';

/** The languages of the scan page: the finder's languages (@medaille/domain), French first, each named in itself. */
export const LANGUAGES = FINDER_LANGUAGES.map((code) => ({ code, name: FINDER_LANGUAGE_NAMES[code] }));

export type Language = FinderLanguage;

export const isLanguage: (value: string) => value is Language = isFinderLanguage;

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
 * fr-FR, as the French page always wrote it (docs/product/scan-page.md).
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
/** The cookie the switch sets too, so that the server renders the page in the chosen language. */
export const LANGUAGE_COOKIE = 'medaille_lang';
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The language the finder chose with the switch, if any (storage may be refused: private modes). The switch
 * also sets a cookie for the server, which the browser need not read: both are set together.
 */
export function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not everywhere yet.
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
  } catch {
    // Not sent to the server; the page still changes.
  }
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still changes.
  }
}

/**
 * The language tags of an Accept-Language header, most preferred first (by q, then by order), without
 * those refused (q=0) and the wildcard.
 */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  const weighted: { tag: string; q: number; order: number }[] = [];
  header.split(',').forEach((item, order) => {
    const [tagPart, ...params] = item.split(';');
    const tag = tagPart?.trim() ?? '';
    if (tag === '' || tag === '*') return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((part) => part.trim());
      if (name?.toLowerCase() === 'q') q = value !== undefined && /^[01](\.\d{0,3})?$/.test(value) ? Number(value) : 0;
    }
    if (q > 0) weighted.push({ tag, q, order });
  });
  return weighted.sort((a, b) => b.q - a.q || a.order - b.order).map(({ tag }) => tag);
}

// One chunk per language, named so that a test, the bench and the server's page can tell which one a page needs.
const DICTIONARIES: Record<Language, () => Promise<{ default: Dictionary }>> = {
  fr: () => import(/* webpackChunkName: "lang-fr" */ './copy.ts'),
  en: () => import(/* webpackChunkName: "lang-en" */ './languages/en.ts'),
  es: () => import(/* webpackChunkName: "lang-es" */ './languages/es.ts'),
  de: () => import(/* webpackChunkName: "lang-de" */ './languages/de.ts'),
  it: () => import(/* webpackChunkName: "lang-it" */ './languages/it.ts'),
  nl: () => import(/* webpackChunkName: "lang-nl" */ './languages/nl.ts'),
};

/** The dictionaries already here, read at once. */
const loadedDictionaries = new Map<Language, Dictionary>();

/**
 * A language's words: at once when here, else after its chunk arrives; French's when another's cannot come. A
 * French chunk that cannot come is asked again next time.
 */
export function dictionaryFor(language: Language): Dictionary | Promise<Dictionary> {
  const loaded = loadedDictionaries.get(language);
  if (loaded) return loaded;
  return DICTIONARIES[language]().then(
    (module) => {
      loadedDictionaries.set(language, module.default);
      return module.default;
    },
    (error: unknown) => {
      if (language === 'fr') throw error;
      return dictionaryFor('fr');
    },
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
/** The dialog words already here, read at once (`use` would suspend once even on a settled promise). */
const dialogWordsLoaded = new Map<Language, DialogDictionary>();

/**
 * A language's dialog words, asked once (the same promise after, as React's `use` wants). A chunk that
 * cannot load is asked again next time, and French's is used meanwhile if it came.
 */
export function dialogWordsFor(language: Language): Promise<DialogDictionary> {
  let asked = dialogWordsAsked.get(language);
  if (!asked) {
    asked = DIALOG_DICTIONARIES[language]().then(
      (module) => {
        dialogWordsLoaded.set(language, module.default);
        return module.default;
      },
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

const WordsContext = createContext<Words | null>(null);
export const WordsProvider = WordsContext.Provider;

/** The page's words in the finder's language, which the page provides once they are here (WordsProvider). */
export function useWords(): Words {
  const words = useContext(WordsContext);
  if (!words) throw new Error('no words: a page gives its language’s to WordsProvider');
  return words;
}

/** The dialog words in the page's language; suspends (within a Suspense boundary) until they are here. */
export function useDialogWords(): DialogDictionary {
  const { language } = useWords();
  return dialogWordsLoaded.get(language) ?? use(dialogWordsFor(language));
}
