import { Text } from '@radix-ui/themes';
import { COPY } from '../../copy.ts';
import { useFinderPhoto } from './api.ts';

const text = COPY.inbox.messages;

/** The photo a finder attached to their message: a thumbnail that opens the full picture. */
export function FinderPhoto({ path, name }: { path: string; name: string }) {
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
  return (
    <a href={url} target="_blank" rel="noopener" className="portal-inbox-photo">
      <img src={url} alt={text.photoAlt(name)} />
    </a>
  );
}
