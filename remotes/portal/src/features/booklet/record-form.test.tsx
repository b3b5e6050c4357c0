import { addMonths } from '@medaille/domain';
import { Theme } from '@radix-ui/themes';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayInParis } from '../../ui/paris-time.ts';
import type { HealthRecord, NewHealthRecord } from './api.ts';
import { RecordForm } from './record-form.tsx';

afterEach(cleanup);

const show = (record?: HealthRecord, onSave = vi.fn(async (_: NewHealthRecord) => null as string | null)) => {
  render(
    <Theme>
      <RecordForm name="Filou" species="dog" onSave={onSave} {...(record ? { record, onCancel: () => {} } : {})} />
    </Theme>,
  );
  return onSave;
};
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the next due date of a new line of the booklet', () => {
  it('follows the date given, typed after the care (a rabies shot of 12 March was due on 29 November)', async () => {
    show();
    type('Quoi', 'Rage');
    await waitFor(() => expect(field('Prochaine échéance').value).toBe(addMonths(todayInParis(), 12)));
    type('Date', '2026-03-12');
    await waitFor(() => expect(field('Prochaine échéance').value).toBe('2027-03-12'));
    fireEvent.click(screen.getByLabelText('Traitement'));
    type('Quoi', 'Vermifuge');
    type('Date', '2026-11-01');
    await waitFor(() => expect(field('Prochaine échéance').value).toBe('2027-02-01'));
    // A label the proposals do not know: no usual date, so none is made up.
    type('Quoi', 'Vermifuge de la clinique');
    await waitFor(() => expect(field('Prochaine échéance').value).toBe(''));
  });

  it('stays as the member typed it, whatever the date becomes, and is saved so', async () => {
    const onSave = show();
    type('Quoi', 'Rage');
    type('Date', '2026-03-12');
    await waitFor(() => expect(field('Prochaine échéance').value).toBe('2027-03-12'));
    type('Prochaine échéance', '2029-03-12');
    type('Date', '2026-03-20');
    type('Quoi', 'Rage ');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au carnet' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      label: 'Rage',
      given_on: '2026-03-20',
      next_due_on: '2029-03-12',
    });
  });
});

const stored: HealthRecord = {
  id: 'r1',
  kind: 'vaccination',
  label: 'Rage',
  given_on: '2026-03-12',
  next_due_on: '2027-03-12',
  weight_kg: null,
  notes: null,
  shown_to_finder: true,
};

describe('the next due date of a line being changed', () => {
  it('follows its date when it was the usual one', async () => {
    const onSave = show(stored);
    expect(field('Prochaine échéance').value).toBe('2027-03-12');
    type('Date', '2026-04-03');
    await waitFor(() => expect(field('Prochaine échéance').value).toBe('2027-04-03'));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ given_on: '2026-04-03', next_due_on: '2027-04-03' });
  });

  it('stays when the member had chosen it (a three-year rabies vaccine)', async () => {
    show({ ...stored, next_due_on: '2029-03-12' });
    type('Date', '2026-04-03');
    type('Notes', 'Nobivac');
    await waitFor(() => expect(field('Notes').value).toBe('Nobivac'));
    expect(field('Prochaine échéance').value).toBe('2029-03-12');
  });
});

describe('a line refused', () => {
  it('brings its first field at fault to the member, with its error', async () => {
    const onSave = show();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au carnet' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Quoi')));
    expect(field('Quoi').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field('Quoi').getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /Indiquez ce qui a été fait/,
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});
