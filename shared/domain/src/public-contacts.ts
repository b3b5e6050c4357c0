import { mapsSearchUrl } from './maps.ts';
import { formatPhone, isPhoneNumber, phoneHref } from './phone.ts';

export interface PublicContacts {
  public_phone?: string | null;
  public_email?: string | null;
  public_address_line?: string | null;
  public_city?: string | null;
  show_public_phone?: boolean | null;
  show_public_email?: boolean | null;
  show_public_address?: boolean | null;
}

export type VisibleContact =
  | { kind: 'phone'; text: string; href: string }
  | { kind: 'email'; text: string; href: string }
  | { kind: 'address'; text: string; href: string };

/**
 * The contact items a finder sees: only those whose switch is on and whose value is filled;
 * the phone must be a number and the address needs both its line and its city. Shared by the scan page and the portal's preview.
 */
export function visibleContacts(contacts: PublicContacts): VisibleContact[] {
  const items: VisibleContact[] = [];
  const phone = contacts.public_phone?.trim();
  // A stored phone that is not a number (written before the form checked it) gets no call link.
  if (contacts.show_public_phone && phone && isPhoneNumber(phone))
    items.push({ kind: 'phone', text: formatPhone(phone), href: phoneHref(phone) });
  const email = contacts.public_email?.trim();
  if (contacts.show_public_email && email) items.push({ kind: 'email', text: email, href: `mailto:${email}` });
  const mapsUrl = mapsSearchUrl(contacts.public_address_line, contacts.public_city);
  if (contacts.show_public_address && mapsUrl) {
    items.push({
      kind: 'address',
      text: `${contacts.public_address_line?.trim()}, ${contacts.public_city?.trim()}`,
      href: mapsUrl,
    });
  }
  return items;
}
