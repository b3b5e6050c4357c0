// What the owner's phone fields store: the number they meant, in E.164 ('+33612345678'), read by
// libphonenumber-js with France as the default country (+33, docs/product/public-contacts.md). The library is
// mostly every country's numbering plan (24 KB compressed): it is loaded when a number is first checked, never
// with a page (docs/budgets.md), so the schemas that check a phone are parsed asynchronously. A stored number
// is shown back without it (phone.ts's formatPhone), and the functions never parse an owner's phone.
import type { CountryCode } from 'libphonenumber-js/min';
import { PHONE_TEXT } from './phone.ts';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'FR';

let library: Promise<typeof import('libphonenumber-js/min')> | undefined;

/** Loads the library once; a form with a phone field calls it once shown, so that no check waits for it. */
export function loadPhoneNumbers() {
  library ??= import(/* webpackChunkName: "phone-numbers" */ 'libphonenumber-js/min');
  return library;
}

/**
 * The number a phone field means, in E.164, or null when it is no valid number. '+33 (0)6 12 34 56 78' (the
 * French business card's trunk prefix in brackets), '0033 6 12 34 56 78' and '06 12 34 56 78' are all
 * '+33612345678'; a number with an extension is refused, since no call link can dial it.
 */
export async function e164Phone(text: string): Promise<string | null> {
  const phone = text.trim();
  // The library would find a number inside any text ('Appelez le 06…', 'tel:06…'): a field holds a number alone.
  if (!PHONE_TEXT.test(phone)) return null;
  const { parsePhoneNumberFromString } = await loadPhoneNumbers();
  const number = parsePhoneNumberFromString(phone, DEFAULT_PHONE_COUNTRY);
  return number?.isValid() && !number.ext ? number.number : null;
}
