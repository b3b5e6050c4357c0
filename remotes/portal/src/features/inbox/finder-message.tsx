import { Text } from '@radix-ui/themes';
import type { SaidStatus } from './conversations.ts';
import { INBOX_COPY } from './copy.ts';
import { FinderContact } from './finder-contact.tsx';
import { SaidStatusText } from './finder-news.tsx';
import { FinderPhoto } from './finder-photo.tsx';

const text = INBOX_COPY.inbox.messages;

/**
 * What a finder sent, in its conversation or in the list of older messages: what they said they are doing,
 * their words ('(sans message)' when they said nothing at all), how to reach them, and their photo.
 */
export function FinderMessage({
  said,
  words,
  contact,
  photoPath,
  name,
  sex,
}: {
  said: SaidStatus | null;
  words: string | null;
  contact: string | null;
  photoPath: string | null;
  name: string;
  sex: string | null;
}) {
  return (
    <>
      {said ? <SaidStatusText said={said} sex={sex} /> : null}
      {words || !said ? (
        <Text as="p" mt="1" style={{ whiteSpace: 'pre-wrap' }}>
          {words ?? text.noText}
        </Text>
      ) : null}
      {contact ? (
        <Text as="p" size="2" mt="1">
          {text.contact} <FinderContact contact={contact} />
        </Text>
      ) : null}
      {photoPath ? <FinderPhoto path={photoPath} name={name} /> : null}
    </>
  );
}
