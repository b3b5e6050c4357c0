import { phoneHref, smsHref, whatsAppHref } from '@medaille/domain';
import { useWords } from './i18n.ts';
import { OWNER_TEXT } from './owner-text.ts';
import { usePageUrl } from './page-facts.ts';

/**
 * Every way to reach the owner by phone, first in the finder's help, lost or not (a finder usually has the
 * animal before its owner knows it is gone): a call, then SMS and WhatsApp, each with a text naming the
 * animal and this page, in French whatever the finder's language, as the owner reads it. `contact`: the
 * second contact's name when the number is theirs (the owner's own is hidden).
 */
export function ReachByPhone({ phone, name, contact }: { phone: string; name: string; contact: string | null }) {
  const text = useWords().copy.profile;
  const body = OWNER_TEXT.found(name, usePageUrl());
  return (
    <>
      <a className="md-button md-button-primary scan-call" href={phoneHref(phone)}>
        {contact ? text.callContact(contact) : text.callOwner}
      </a>
      <div className="scan-actions scan-reach">
        <a className="md-button md-button-secondary" href={smsHref(phone, body)}>
          {text.sendSms}
        </a>
        <a
          className="md-button md-button-secondary"
          href={whatsAppHref(phone, body)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {text.whatsApp}
        </a>
      </div>
    </>
  );
}
