// Generated from shared/domain/src/finder-contact.ts by `pnpm gen:functions-domain` (supabase/scripts/functions-domain.ts): do not edit.
import { isPhoneNumber, phoneHref } from './phone.ts';

// What a finder typed as "how to reach me" is free text: linked only when it is all a phone number or all
// an e-mail address, so that a tap calls or writes to the right place.
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

/** The tel: or mailto: link of a finder's contact, or null when it is neither (then shown as text). */
export function finderContactHref(contact: string): string | null {
  const value = contact.trim();
  if (EMAIL.test(value)) return `mailto:${value}`;
  return isPhoneNumber(value) ? phoneHref(value) : null;
}
