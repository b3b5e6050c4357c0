import { ageText as domainAgeText } from '@medaille/domain';
import { describe, expect, it } from 'vitest';
import { FAILURES } from '../../../supabase/functions/_shared/messages.ts';
import { COPY } from './copy.ts';
import DIALOG_COPY from './dialog-copy.ts';
import { ageText, dateTimeText, failureText, weightText } from './format.ts';
import { chooseLanguage, dialogWordsFor, dictionaryFor, LANGUAGES, type Language, localeFor } from './i18n.ts';
import { FinderError } from './profile-api.ts';

describe('the language a finder gets', () => {
  // [what the finder chose before, the browser's languages (navigator.languages or Accept-Language order), page]
  const cases: [string | null, string[], Language][] = [
    [null, [], 'fr'],
    [null, ['fr-FR', 'fr'], 'fr'],
    [null, ['en-GB', 'en'], 'en'],
    [null, ['en-US'], 'en'],
    [null, ['de-DE', 'de', 'en'], 'de'],
    [null, ['de-AT'], 'de'],
    [null, ['es-419'], 'es'],
    [null, ['it-CH', 'fr-CH'], 'it'],
    [null, ['nl-BE', 'fr-BE'], 'nl'],
    [null, ['pt-BR', 'pt'], 'fr'],
    [null, ['pt-BR', 'es', 'en'], 'es'],
    [null, ['ja', 'zh-Hans-CN', 'en-US'], 'en'],
    [null, ['EN-gb'], 'en'],
    [null, ['en_GB'], 'en'],
    [null, ['*'], 'fr'],
    [null, ['', ' de-DE'], 'de'],
    [null, ['english'], 'fr'],
    ['de', ['en-GB'], 'de'],
    ['fr', ['en-GB'], 'fr'],
    ['pt', ['en-GB'], 'en'],
    ['', ['it-IT'], 'it'],
  ];
  it.each(cases)('chose %j, browser %j: %s', (chosen, browser, expected) => {
    expect(chooseLanguage(chosen, browser)).toBe(expected);
  });

  it('writes dates and numbers in the browser’s own variant of the language, French always as fr-FR', () => {
    expect(localeFor('en', ['en-US', 'en'])).toBe('en-US');
    expect(localeFor('en', ['fr-FR', 'en'])).toBe('en-GB');
    expect(localeFor('de', ['de-CH'])).toBe('de-CH');
    expect(localeFor('nl', ['pt-BR'])).toBe('nl-NL');
    expect(localeFor('fr', ['fr-CA'])).toBe('fr-FR');
    expect(localeFor('es', ['es-not a tag'])).toBe('es-ES');
  });
});

describe('the dictionaries', () => {
  it('Spanish says the animal is lost, not given up for lost', async () => {
    expect((await dictionaryFor('es')).profile.lost).toBe('Animal perdido');
  });

  const others = LANGUAGES.filter(({ code }) => code !== 'fr').map(({ code }) => code);

  it('French ages are the product’s own, as the rest of the product writes them', () => {
    const now = new Date('2026-06-01');
    for (const birthYear of [2026, 2027, 2025, 2024, 2010]) {
      expect(ageText(COPY, birthYear, now)).toBe(domainAgeText(birthYear, now));
    }
    expect(ageText(COPY, null, now)).toBeNull();
  });

  it.each(others)('%s says ages, weights and dates its own way', async (language) => {
    const copy = await dictionaryFor(language);
    const now = new Date('2026-06-01');
    const expected: Record<string, [string, string, string]> = {
      en: ['Less than a year', '1 year', '3 years'],
      es: ['Menos de un año', '1 año', '3 años'],
      de: ['Unter einem Jahr', '1 Jahr', '3 Jahre'],
      it: ['Meno di un anno', '1 anno', '3 anni'],
      nl: ['Jonger dan een jaar', '1 jaar', '3 jaar'],
    };
    expect([2026, 2025, 2023].map((year) => ageText(copy, year, now))).toEqual(expected[language]);
    expect(copy).not.toBe(COPY);
    expect(copy.profile.helpTitle('Rex')).toContain('Rex');
  });

  it('weights and dates follow the locale', () => {
    expect(weightText('fr-FR', 12.5)).toBe('12,5');
    expect(weightText('en-GB', 12.5)).toBe('12.5');
    expect(weightText('de-DE', 12.5)).toBe('12,5');
    expect(dateTimeText('de-DE', '2026-03-05T10:30:00Z')).toMatch(/^5\. März 2026 um \d\d:30$/);
    expect(dateTimeText('en-GB', '2026-03-05T10:30:00Z')).toMatch(/^5 March 2026 at \d\d:30$/);
    expect(dateTimeText('fr-FR', '2026-03-05T10:30:00Z')).toMatch(/^5 mars 2026 à \d\d:30$/);
  });

  // The functions' codes a finder's dialogs can meet: all but those of the owner's and the operators' functions,
  // those of the page that stops e-mails to a finder (stop-finder-mail-copy.ts has its own words), and those of a
  // loss's search page (search-copy.ts has its own words), and those of a found animal's report.
  const notInDialogs = [
    'search_not_found',
    'sighting_too_long',
    'sighting_in_future',
    'sighting_rate_limited',
    'found_too_long',
    'found_in_future',
    'found_rate_limited',
    'found_link_not_valid',
    'found_abuse_rate_limited',
    'search_follow_rate_limited',
    'search_follow_link_not_found',
    'search_follow_taken',
    'finder_mail_link_not_found',
    'finder_mail_rate_limited',
    'unauthenticated',
    'forbidden',
    'invalid_animal_id',
    'not_found',
    'email_mismatch',
    'invalid_document_id',
    'document_not_found',
    'invitation_unavailable',
    'invitation_rate_limited',
  ];
  const finderCodes = Object.keys(FAILURES).filter((code) => !notInDialogs.includes(code));

  it.each(others)('%s translates every refusal the finder functions send', async (language) => {
    const words = await dialogWordsFor(language);
    expect(Object.keys(words.errors).sort()).toEqual([...finderCodes].sort());
    for (const text of Object.values(words.errors)) expect(text).not.toBe('');
  });

  it('French translates none: it shows the functions’ own French as it comes', async () => {
    expect((await dialogWordsFor('fr')).errors).toEqual({});
  });

  it.each(others)('%s has dialog words of its own', async (language) => {
    const words = await dialogWordsFor(language);
    expect(words).not.toBe(DIALOG_COPY);
    expect(words.message.title('Rex')).toContain('Rex');
    expect(words.message.title('Rex')).not.toBe(DIALOG_COPY.message.title('Rex'));
  });
});

describe('a refusal shown to the finder', () => {
  const refusal = (code: string | null, message: string) => new FinderError(message, code, 429);

  it('is the server’s French text in French, the language’s own text elsewhere', async () => {
    const english = await dialogWordsFor('en');
    const french = FAILURES.scan_cooldown.message;
    expect(failureText(DIALOG_COPY, refusal('scan_cooldown', french), 'x')).toBe(french);
    expect(failureText(english, refusal('scan_cooldown', french), 'x')).toBe(
      'You can share your location once every 2 minutes.',
    );
  });

  it('falls back to the server’s French for a code the language does not know, then to the fallback', async () => {
    const german = await dialogWordsFor('de');
    expect(failureText(german, refusal('photo_too_big', 'Photo trop lourde.'), 'Fehler')).toBe('Photo trop lourde.');
    expect(failureText(german, refusal(null, ''), 'Fehler')).toBe('Fehler');
    expect(failureText(german, new TypeError('Failed to fetch'), 'Fehler')).toBe('Fehler');
  });
});
