import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  useForm,
} from 'react-hook-form';

// What every form of the portal does when a submit is refused: the first field at fault, in the
// page's order, is scrolled to the middle of the screen (clear of the sticky header and save bar) and focused, so
// that a person who pressed Enregistrer 3,000 px below sees it, and a screen reader reads it with its error (a
// field at fault carries aria-invalid and aria-describedby naming its message; FormField does both). Decided
// here once: the forms only say which fields are at fault.

/** Scrolls to the form's first field marked aria-invalid and focuses it; returns it, or null when none is. */
export function revealFirstInvalidField(form: HTMLFormElement | null): HTMLElement | null {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
  if (!field) return null;
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  field.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  // The scroll above is the one wanted: the browser's own, on focus, would leave it under the save bar.
  field.focus({ preventScroll: true });
  return field;
}

/**
 * For a form that checks its fields itself: `refuse()` once the fields at fault are marked; their first is
 * brought to the person after the render that marks them. `formRef` goes on the form.
 */
export function useRevealOnRefusal() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) revealFirstInvalidField(formRef.current);
  }, [refusals]);
  const refuse = useCallback(() => setRefusals((count) => count + 1), []);
  return { formRef, refuse };
}

/**
 * react-hook-form's useForm for the portal: `handleSubmit(onValid, onInvalid?)` brings a refused submit's first
 * invalid field to the person (after the render that shows the errors, in the page's order, instead of the
 * library's own focus, which comes before either), and `refuse()` does the same for a refusal found in
 * `onValid` (fields the form keeps outside react-hook-form).
 */
export function usePortalForm<TFieldValues extends FieldValues, TTransformedValues = TFieldValues>(
  options: UseFormProps<TFieldValues, unknown, TTransformedValues>,
) {
  const form = useForm<TFieldValues, unknown, TTransformedValues>({ ...options, shouldFocusError: false });
  const { formRef, refuse } = useRevealOnRefusal();
  const handleSubmit =
    (onValid: SubmitHandler<TTransformedValues>, onInvalid?: SubmitErrorHandler<TFieldValues>) =>
    async (event?: React.BaseSyntheticEvent) => {
      let refused = false;
      await form.handleSubmit(onValid, (errors, invalidEvent) => {
        refused = true;
        return onInvalid?.(errors, invalidEvent);
      })(event);
      // Only now: react-hook-form hands its errors to React after onInvalid has run, and the field to bring is
      // found by the mark those errors put on it.
      if (refused) refuse();
    };
  return { form, formRef, refuse, handleSubmit };
}
