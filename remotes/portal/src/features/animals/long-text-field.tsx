import { FormField } from '@medaille/design-system';
import { Text, TextArea } from '@radix-ui/themes';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ANIMALS_COPY } from './copy.ts';

/** From this share of the limit on, the counter shows. */
const COUNT_FROM = 0.8;

/**
 * A long text (caractère, allergies...) at most `max` characters: a counter as the text nears the limit,
 * and a message when a paste went over it (the browser cuts it silently).
 */
export function LongTextField({
  label,
  error,
  max,
  registration,
}: {
  label: string;
  error: string | undefined;
  max: number;
  registration: UseFormRegisterReturn;
}) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [length, setLength] = useState(0);
  const [cut, setCut] = useState(false);
  const pasting = useRef(false);
  // The text it starts with (the animal's, or the activation's draft).
  useEffect(() => setLength(element.current?.value.length ?? 0), []);

  const paste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const field = event.currentTarget;
    const replaced = field.selectionEnd - field.selectionStart;
    pasting.current = true;
    setCut(field.value.length - replaced + event.clipboardData.getData('text').length > max);
  };

  const near = length >= max * COUNT_FROM;
  return (
    <FormField
      label={label}
      error={error}
      hint={near ? <span aria-live="polite">{ANIMALS_COPY.animal.count(length, max)}</span> : undefined}
    >
      {(field) => (
        <>
          <TextArea
            {...field}
            maxLength={max}
            rows={2}
            {...registration}
            ref={(node) => {
              element.current = node;
              registration.ref(node);
            }}
            onPaste={paste}
            onChange={(event) => {
              setLength(event.target.value.length);
              if (!pasting.current) setCut(false);
              pasting.current = false;
              return registration.onChange(event);
            }}
          />
          {cut ? (
            <Text as="p" size="1" color="orange" role="alert">
              {ANIMALS_COPY.animal.pasteCut(max)}
            </Text>
          ) : null}
        </>
      )}
    </FormField>
  );
}
