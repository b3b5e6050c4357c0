import { describe, expect, it } from 'vitest';
import { MESSAGES } from './form-messages.ts';
import { phoneHref, smsHref, whatsAppHref } from './phone.ts';
import { e164Phone, phoneFieldText } from './phone-number.ts';
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
  it.each(MEANT)('%s is %s', (typed, e164) => {
    expect(e164Phone(typed)).toBe(e164);
    for (const field of ['public_phone', 'second_contact_phone'] as const) {
      const parsed = publicContactsSchema.safeParse({ [field]: ` ${typed} ` });
      expect(parsed.success && parsed.data[field]).toBe(e164);
    }
  });

  it.each(REFUSED)('%s is refused with the invalid phone message', (typed) => {
    expect(e164Phone(typed)).toBeNull();
    const parsed = publicContactsSchema.safeParse({ public_phone: typed });
    expect(parsed.success ? null : parsed.error.issues.map((issue) => issue.message)).toEqual([MESSAGES.invalidPhone]);
  });

  it('gives the finder links to that number, from the stored value', () => {
    const stored = e164Phone('+33 (0)6 12 34 56 78') as string;
    expect(phoneHref(stored)).toBe('tel:+33612345678');
    expect(smsHref(stored, 'x')).toBe('sms:+33612345678?&body=x');
    expect(new URL(whatsAppHref(stored, 'x')).pathname).toBe('/33612345678');
  });
});

describe('a stored phone as its field shows it back', () => {
  it('writes a French number the French way, any other in international form', () => {
    expect(phoneFieldText('+33612345678')).toBe('06 12 34 56 78');
    expect(phoneFieldText('+442079460958')).toBe('+44 20 7946 0958');
    expect(phoneFieldText('+14155552671')).toBe('+1 415 555 2671');
  });
  it('leaves what it cannot read as stored, and empty as empty', () => {
    expect(phoneFieldText('123456')).toBe('123456');
    expect(phoneFieldText(null)).toBe('');
    expect(phoneFieldText(' ')).toBe('');
  });
});
