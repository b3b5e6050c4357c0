import { Text } from '@radix-ui/themes';
import { PHOTOS_COPY } from './copy.ts';

const text = PHOTOS_COPY.gallery;

/** Where photos are chosen, by a click or a drop: the gallery's and the activation form's. */
export function PhotoDropZone({ onFiles, disabled = false }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  return (
    <label
      className="portal-dropzone"
      data-disabled={disabled || undefined}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
    >
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={disabled}
        className="portal-visually-hidden"
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Text weight="medium">{text.drop}</Text>
      <Text size="1" color="gray">
        {text.types}
      </Text>
    </label>
  );
}
