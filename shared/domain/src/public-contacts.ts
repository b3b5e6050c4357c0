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
  /** Someone else to reach when the first number does not answer, each value with its own switch. */
  second_contact_name?: string | null;
  second_contact_phone?: string | null;
  second_contact_email?: string | null;
  show_second_contact_phone?: boolean | null;
  show_second_contact_email?: boolean | null;
}

export type VisibleContact =
  | { kind: 'phone' | 'second_phone'; text: string; href: string }
  | { kind: 'email' | 'second_email'; text: string; href: string }
  | { kind: 'address'; text: string; href: string };

/** A phone item, or none for a switch off, a blank value or a stored value that is not a number. */
function phoneItem(
  kind: 'phone' | 'second_phone',
  shown: boolean | null | undefined,
  value: string | null | undefined,
) {
  const phone = value?.trim();
  // A stored phone that is not a number (written before the form checked it) gets no call link.
  return shown && phone && isPhoneNumber(phone) ? [{ kind, text: formatPhone(phone), href: phoneHref(phone) }] : [];
}

function emailItem(
  kind: 'email' | 'second_email',
  shown: boolean | null | undefined,
  value: string | null | undefined,
) {
  const email = value?.trim();
  return shown && email ? [{ kind, text: email, href: `mailto:${email}` }] : [];
}

/**
 * The contact items a finder sees: only those whose switch is on and whose value is filled; a phone must be a
 * number and the address needs both its line and its city. The first contact's items, then the second
 * contact's. Shared by the scan page, the portal's preview and the poster.
 */
export function visibleContacts(contacts: PublicContacts): VisibleContact[] {
  const items: VisibleContact[] = [
    ...phoneItem('phone', contacts.show_public_phone, contacts.public_phone),
    ...emailItem('email', contacts.show_public_email, contacts.public_email),
  ];
  const mapsUrl = mapsSearchUrl(contacts.public_address_line, contacts.public_city);
  if (contacts.show_public_address && mapsUrl) {
    items.push({
      kind: 'address',
      text: `${contacts.public_address_line?.trim()}, ${contacts.public_city?.trim()}`,
      href: mapsUrl,
    });
  }
  items.push(
    ...phoneItem('second_phone', contacts.show_second_contact_phone, contacts.second_contact_phone),
    ...emailItem('second_email', contacts.show_second_contact_email, contacts.second_contact_email),
  );
  return items;
}

/** Whether an item is the second contact's. */
export const isSecondContact = (contact: VisibleContact): boolean =>
  contact.kind === 'second_phone' || contact.kind === 'second_email';

/**
 * The second contact's name as a finder reads it before its items ('Marie'): trimmed, and null when it is
 * blank or when none of its items shows (a name alone says nothing to a finder, and is nobody's business).
 */
export function secondContactName(contacts: PublicContacts): string | null {
  const name = contacts.second_contact_name?.trim();
  return name && visibleContacts(contacts).some(isSecondContact) ? name : null;
}

/**
 * The number a finder's 'call' reaches: the first contact's phone when it shows, else the second contact's,
 * with the second's name when it is that one. Its value as stored (trimmed), for the call, SMS and WhatsApp
 * links; undefined when no phone shows.
 */
export function phoneToCall(contacts: PublicContacts): { phone: string; name: string | null } | undefined {
  const shown = visibleContacts(contacts);
  if (shown.some((contact) => contact.kind === 'phone'))
    return { phone: contacts.public_phone?.trim() ?? '', name: null };
  if (shown.some((contact) => contact.kind === 'second_phone'))
    return { phone: contacts.second_contact_phone?.trim() ?? '', name: secondContactName(contacts) };
  return undefined;
}
