import { Flex, Progress, Text } from '@radix-ui/themes';
import type { UploadState } from './api.ts';
import { PHOTOS_COPY } from './copy.ts';

const text = PHOTOS_COPY.gallery;

/** Each photo of a batch being stored, with its bar and its percentage. */
export function UploadProgress({ uploads }: { uploads: readonly UploadState[] }) {
  if (uploads.length === 0) return null;
  return (
    <Flex asChild direction="column" gap="2" my="3">
      <ul className="portal-gallery" aria-label={text.uploads}>
        {uploads.map((upload, index) => {
          const percent = Math.round(upload.sent * 100);
          return (
            <li key={`${upload.name}-${index}`}>
              <Flex justify="between" gap="2">
                <Text size="2" truncate>
                  {upload.name}
                </Text>
                <Text size="2" color={upload.outcome === 'failed' ? 'red' : 'gray'}>
                  {upload.outcome === 'sending' ? text.upload.sending(percent) : text.upload[upload.outcome]}
                </Text>
              </Flex>
              <Progress
                value={percent}
                color={upload.outcome === 'failed' ? 'red' : undefined}
                aria-label={text.uploadOf(upload.name)}
              />
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
