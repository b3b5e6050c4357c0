import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@medaille/design-system';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { revealFirstInvalidField, usePortalForm, useRevealOnRefusal } from './refused-form.ts';

afterEach(cleanup);

// Where the browser was asked to scroll: happy-dom lays nothing out, so the request is what can be seen.
let scrolledTo: { element: Element; options: ScrollIntoViewOptions | boolean | undefined }[] = [];
beforeEach(() => {
  scrolledTo = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (
    this: HTMLElement,
    options?: ScrollIntoViewOptions | boolean,
  ) {
    scrolledTo.push({ element: this, options });
  });
});

const schema = z.object({
  name: z.string().check(z.minLength(1, 'Indiquez un nom.')),
  city: z.string().check(z.minLength(1, 'Indiquez une ville.')),
});

/**
 * A form as the edit page is: two fields checked by the schema, and between them a phone the page keeps and
 * checks itself, outside react-hook-form.
 */
function EditLikeForm({ onSaved }: { onSaved: () => void }) {
  const { form, formRef, refuse, handleSubmit } = usePortalForm<z.input<typeof schema>, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', city: '' },
  });
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const checkPhone = () => {
    const error = /^\d+$/.test(phone) ? undefined : 'Numéro invalide';
    setPhoneError(error);
    return !error;
  };
  const save = handleSubmit(() => {
    if (!checkPhone()) return refuse();
    onSaved();
  }, checkPhone);
  const { errors } = form.formState;
  return (
    <form ref={formRef} onSubmit={save} noValidate>
      <FormField label="Nom" error={errors.name?.message}>
        {(field) => <input {...field} {...form.register('name')} />}
      </FormField>
      <FormField label="Téléphone" error={phoneError}>
        {(field) => <input {...field} value={phone} onChange={(event) => setPhone(event.target.value)} />}
      </FormField>
      <FormField label="Ville" error={errors.city?.message}>
        {(field) => <input {...field} {...form.register('city')} />}
      </FormField>
      <button type="submit">Enregistrer</button>
    </form>
  );
}

describe('a refused form of the portal', () => {
  it('brings its first field at fault, in the page’s order, into the middle of the screen and into focus, read with its error', async () => {
    render(<EditLikeForm onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const name = screen.getByLabelText('Nom');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Indiquez un nom.');
    expect(scrolledTo.at(-1)).toEqual({ element: name, options: expect.objectContaining({ block: 'center' }) });
    // The phone the page checks itself is said at the same time, not after the name is fixed.
    expect(screen.getByLabelText('Téléphone').getAttribute('aria-invalid')).toBe('true');
  });

  it('does the same for a field the page checks itself, refused after the schema let the form through', async () => {
    const saved = vi.fn();
    render(<EditLikeForm onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Filou' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: 'pas un numéro' } });
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    button.focus();
    fireEvent.click(button);
    const phone = screen.getByLabelText('Téléphone');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(scrolledTo.at(-1)?.element).toBe(phone);
    expect(saved).not.toHaveBeenCalled();
  });

  it('moves nothing when the form goes through', async () => {
    const saved = vi.fn();
    render(<EditLikeForm onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Filou' } });
    fireEvent.change(screen.getByLabelText('Téléphone'), { target: { value: '0611223344' } });
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    const button = screen.getByRole('button', { name: 'Enregistrer' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect(document.activeElement).toBe(button);
    expect(scrolledTo).toEqual([]);
  });

  it('brings the field again at each refusal, even the same one', async () => {
    function Answer() {
      const { formRef, refuse } = useRevealOnRefusal();
      const [problem, setProblem] = useState(false);
      return (
        <form
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            setProblem(true);
            refuse();
          }}
        >
          <textarea aria-label="Réponse" aria-invalid={problem} />
          <button type="submit">Envoyer</button>
        </form>
      );
    }
    render(<Answer />);
    const button = screen.getByRole('button', { name: 'Envoyer' });
    for (const time of [1, 2]) {
      button.focus();
      act(() => fireEvent.click(button));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Réponse')));
      expect(scrolledTo).toHaveLength(time);
    }
  });

  it('finds no field when none is marked, and scrolls nowhere', () => {
    const form = document.createElement('form');
    form.innerHTML = '<input aria-invalid="false"><input>';
    expect(revealFirstInvalidField(form)).toBeNull();
    expect(revealFirstInvalidField(null)).toBeNull();
    expect(scrolledTo).toEqual([]);
  });
});
