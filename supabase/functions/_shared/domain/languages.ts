// Generated from shared/domain/src/languages.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
// The languages a finder is spoken to in: the scan page, the conversation page, the e-mails to a finder and
// the header above them. One list: everything written per language is a Record over it, so a language added
// here is a type error wherever its words are missing, never a silent French fallback. The database's
// check on conversations.language is tested against it (supabase/tests/database/languages.test.ts).

/** Each language by its code, French first, with its name in itself (the scan page's switch). */
export const FINDER_LANGUAGE_NAMES = {
  fr: 'Français',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  it: 'Italiano',
  nl: 'Nederlands',
} as const;

export type FinderLanguage = keyof typeof FINDER_LANGUAGE_NAMES;

/** Each language as the household reads it, in French (an alert says in which language a finder read). */
export const FINDER_LANGUAGE_NAMES_IN_FRENCH: Record<FinderLanguage, string> = {
  fr: 'français',
  en: 'anglais',
  es: 'espagnol',
  de: 'allemand',
  it: 'italien',
  nl: 'néerlandais',
};

export const FINDER_LANGUAGES = Object.keys(FINDER_LANGUAGE_NAMES) as FinderLanguage[];

export const isFinderLanguage = (value: unknown): value is FinderLanguage =>
  typeof value === 'string' && Object.hasOwn(FINDER_LANGUAGE_NAMES, value);

/**
 * The finder language a page was read in: the one it says, else the first of an Accept-Language header's that
 * is one (their quality order as written), else null.
 */
export function finderLanguageOf(said: unknown, acceptLanguage: string | null): FinderLanguage | null {
  if (isFinderLanguage(said)) return said;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const primary = part.split(';')[0]?.trim().split('-')[0]?.toLowerCase();
    if (isFinderLanguage(primary)) return primary;
  }
  return null;
}
