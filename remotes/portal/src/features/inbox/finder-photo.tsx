import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useFinderPhoto } from './api.ts';
import { INBOX_COPY } from './copy.ts';

const text = INBOX_COPY.inbox.messages;

/**
 * The photo a finder attached to their message (or a passer-by to their sighting: `words`, its own): a thumbnail
 * that opens it full size, as large as the screen allows. The dialog closes with Escape or 'Fermer' and gives
 * focus back to the thumbnail; pinch-zoom stays free (Radix keeps it while the dialog holds the page's scroll).
 */
export function FinderPhoto({
  path,
  name,
  words,
}: {
  path: string;
  name: string;
  words?: { alt: string; enlarge: string };
}) {
  const url = useFinderPhoto(path);
  if (url === 'failed')
    return (
      <Text as="p" size="2" color="gray" mt="1">
        {text.photoFailed}
      </Text>
    );
  if (url === null)
    return (
      <Text as="p" size="2" color="gray" mt="1" role="status">
        {text.photoLoading}
      </Text>
    );
  const alt = words?.alt ?? text.photoAlt(name);
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <button
          type="button"
          className="portal-inbox-photo"
          aria-label={words?.enlarge ?? INBOX_COPY.inboxPhoto.enlarge(name)}
        >
          <img src={url} alt={alt} />
        </button>
      </Dialog.Trigger>
      <Dialog.Content
        className="portal-inbox-photo-dialog"
        size="1"
        maxWidth="min(100vw - 16px, 1200px)"
        aria-describedby={undefined}
      >
        <Dialog.Title size="3" mb="2">
          {alt}
        </Dialog.Title>
        <img src={url} alt={alt} className="portal-inbox-photo-full" />
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray" className="portal-inbox-photo-close">
              {INBOX_COPY.inboxPhoto.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
