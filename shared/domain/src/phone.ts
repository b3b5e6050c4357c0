const DEFAULT_COUNTRY_PREFIX = '+33';

function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A phone with exactly 10 digits is shown in pairs ('06 12 34 56 78'); anything else as typed. */
export function formatPhone(phone: string): string {
  const digits = digitsOf(phone);
  if (digits.length === 10 && !phone.trim().startsWith('+')) return digits.replace(/(\d{2})(?=\d)/g, '$1 ');
  return phone.trim();
}

/** The tel: link of a phone: separators removed, a leading 0 replaced by +33. */
export function phoneHref(phone: string): string {
  const compact = phone.trim().replace(/[^\d+]/g, '');
  const international = compact.startsWith('0') ? DEFAULT_COUNTRY_PREFIX + compact.slice(1) : compact;
  return `tel:${international}`;
}
