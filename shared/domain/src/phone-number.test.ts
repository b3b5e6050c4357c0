import { describe, expect, it } from 'vitest';
import { MESSAGES } from './form-messages.ts';
import { formatPhone, phoneHref, smsHref, whatsAppHref } from './phone.ts';
import { e164Phone } from './phone-number.ts';
import { publicContactsSchema } from './schemas.ts';

// '+33 (0)6 12 34 56 78', as French business cards write it, was saved as typed and called
// +330612345678. Every phone field now saves the number its owner meant, in E.164, France by default.
const MEANT: [typed: string, e164: string][] = [
  ['06 12 34 56 78', '+33612345678'],
  ['06.12.34.56.78', '+33612345678'],
  ['+33 (0)6 12 34 56 78', '+33612345678'],
  ['+33 06 12 34 56 78', '+33612345678'],
  ['0033 6 12 34 56 78', '+33612345678'],
  ['0033 (0)1 23 45 67 89', '+33123456789'],
  ['+44 20 7946 0958', '+442079460958'],
  ['+44 (0)20 7946 0958', '+442079460958'],
  ['+1 (415) 555-2671', '+14155552671'],
  ['+41 (0)79 123 45 67', '+41791234567'],
  // Italy keeps its leading 0 after the country code.
  ['+39 06 1234 5678', '+390612345678'],
];

const REFUSED = [
  '06 12 34 56', // too short for France
  '06 12 34 56 78 90', // too long
  '123456',
  '+999 123 456 789', // no such country code
  '+1 (415) 555-267',
  'abc',
  'Appelez le 06 12 34 56 78', // a number inside words
  'tel:0612345678',
  '06 12 34 56 78 poste 5',
];

describe('a phone field saves the number its owner meant, in E.164', () => {
  it.each(MEANT)('%s is %s', async (typed, e164) => {
    expect(await e164Phone(typed)).toBe(e164);
    for (const field of ['public_phone', 'second_contact_phone'] as const) {
      const parsed = await publicContactsSchema.safeParseAsync({ [field]: ` ${typed} ` });
      expect(parsed.success && parsed.data[field]).toBe(e164);
    }
  });

  it.each(REFUSED)('%s is refused with the invalid phone message', async (typed) => {
    expect(await e164Phone(typed)).toBeNull();
    const parsed = await publicContactsSchema.safeParseAsync({ public_phone: typed });
    expect(parsed.success ? null : parsed.error.issues.map((issue) => issue.message)).toEqual([MESSAGES.invalidPhone]);
  });

  it('gives the finder links to that number, from the stored value', async () => {
    const stored = (await e164Phone('+33 (0)6 12 34 56 78')) as string;
    expect(phoneHref(stored)).toBe('tel:+33612345678');
    expect(smsHref(stored, 'x')).toBe('sms:+33612345678?&body=x');
    expect(new URL(whatsAppHref(stored, 'x')).pathname).toBe('/33612345678');
  });
});

// The field is filled before the library is loaded (docs/budgets.md): from the stored value alone.
describe('a stored phone as its field shows it back', () => {
  it('writes a French number the French way, any other as stored, and saves it back unchanged', async () => {
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    for (const stored of ['+33612345678', '+442079460958', '+14155552671']) {
      const parsed = await publicContactsSchema.safeParseAsync({ public_phone: formatPhone(stored) });
      expect(parsed.success && parsed.data.public_phone).toBe(stored);
    }
  });
});
