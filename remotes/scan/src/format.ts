// What the page writes from the animal's stored facts, in the finder's language. The owner's own words
// (a custom species, the breed...) are shown as written.
import { sexToStored } from '@medaille/domain';
import type { Dictionary } from './copy.ts';
import type { DialogDictionary } from './dialog-copy.ts';
import { FinderError } from './profile-api.ts';

/** The species' name for a known value, the owner's text for a custom one, 'Inconnu' when none. */
export function speciesText(copy: Dictionary, stored: string | null | undefined): string {
  const value = stored?.trim() ?? '';
  if (value === '') return copy.profile.unknownSpecies;
  return (copy.profile.speciesNames as Record<string, string>)[value] ?? value;
}

export function sexText(copy: Dictionary, stored: string | null | undefined): string | null {
  const sex = sexToStored(stored);
  return sex === null ? null : copy.profile.sexNames[sex];
}

/**
 * Every date and time on the page is French time, wherever the page is rendered (a server, the finder's
 * phone): the server's HTML and the browser's hydration then write the same text.
 */
export const PAGE_TIME_ZONE = 'Europe/Paris';

/**
 * The age of docs/product/scan-page.md: current year minus birth year; less than a year when 0 or less; null if absent.
 * The year is UTC's, the same on a server and on the phone (French time's differs one hour a year).
 */
export function ageText(copy: Dictionary, birthYear: number | null | undefined, now: Date): string | null {
  if (birthYear === null || birthYear === undefined || !Number.isFinite(birthYear)) return null;
  const years = now.getUTCFullYear() - birthYear;
  return years <= 0 ? copy.profile.lessThanAYear : copy.profile.years(years);
}

/** A weight in kilograms with the language's decimal sign ('12,5' in French, '12.5' in English). */
export const weightText = (locale: string, kg: number) => new Intl.NumberFormat(locale).format(kg);

/** A calendar day (YYYY-MM-DD, as the booklet stores it) as a long date in the language's words. */
export const dayText = (locale: string, day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' });

/** When a location was shared: a long date and a short time, in the language's order and words. */
export const dateTimeText = (locale: string, at: string) =>
  new Date(at).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: PAGE_TIME_ZONE });

/**
 * What to tell the finder of a failed call: the language's text for a refusal it knows, else the server's
 * own French text, else `fallback` (a network failure among them: never the browser's own words).
 */
export function failureText(copy: DialogDictionary, failure: unknown, fallback: string): string {
  if (!(failure instanceof FinderError)) return fallback;
  const known = failure.code === null ? undefined : (copy.errors as Record<string, string | undefined>)[failure.code];
  return known ?? (failure.message || fallback);
}
