import { finderContactHref } from '@medaille/domain';
import { Link } from '@radix-ui/themes';

/** What a finder left to be reached: a phone number to call, an address to write to, or words as they are. */
export function FinderContact({ contact }: { contact: string }) {
  const href = finderContactHref(contact);
  return href ? <Link href={href}>{contact}</Link> : contact;
}
