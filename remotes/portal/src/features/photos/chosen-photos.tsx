import { Grid, IconButton } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { PHOTOS_COPY } from './copy.ts';

/** An address for each chosen file, to show it before it is stored; released when the files change. */
export function useFileUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/** The photos chosen before they are stored (the activation form), as the gallery's thumbnails. */
export function ChosenPhotos({
  files,
  urls,
  onRemove,
}: {
  files: readonly File[];
  urls: readonly string[];
  onRemove: (index: number) => void;
}) {
  if (files.length === 0) return null;
  return (
    <Grid columns={{ initial: '2', sm: '3', md: '4' }} gap="3" mt="3" asChild>
      <ol className="portal-gallery" aria-label={PHOTOS_COPY.gallery.chosenPhotos}>
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="portal-thumbnail">
            {urls[index] ? <img src={urls[index]} alt={file.name} /> : null}
            <div className="portal-thumbnail-actions portal-thumbnail-actions-shown">
              <IconButton
                type="button"
                size="3"
                color="red"
                variant="solid"
                className="portal-thumbnail-action"
                aria-label={PHOTOS_COPY.gallery.removePhoto(file.name)}
                onClick={() => onRemove(index)}
              >
                ×
              </IconButton>
            </div>
          </li>
        ))}
      </ol>
    </Grid>
  );
}
