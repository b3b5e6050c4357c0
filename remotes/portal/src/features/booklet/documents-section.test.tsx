import { Theme } from '@radix-ui/themes';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentForm, titleFromFileName } from './documents-section.tsx';

afterEach(cleanup);

const pdf = (name: string) => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' });

describe("a document's title", () => {
  it('is the file’s name without its extension when none is given', () => {
    expect(titleFromFileName('Certificat rage.pdf')).toBe('Certificat rage');
    expect(titleFromFileName('passeport.scan.jpeg')).toBe('passeport.scan');
    expect(titleFromFileName('.pdf')).toBe('.pdf');
    expect(titleFromFileName(`${'a'.repeat(130)}.pdf`)).toHaveLength(120);
  });
});

describe('the form that adds a document', () => {
  it('takes a file without a title under the file’s name, and a second one after it (the page threw on the first)', async () => {
    const onAdd = vi.fn(async (_file: File, _title: string, _kind: string) => null as string | null);
    render(
      <Theme>
        <DocumentForm onAdd={onAdd} />
      </Theme>,
    );
    const file = screen.getByLabelText('Fichier') as HTMLInputElement;
    const title = screen.getByLabelText('Titre (facultatif)') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [pdf('Certificat rage.pdf')] } });
    expect(title.placeholder).toBe('Certificat rage');
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le document' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledOnce());
    expect(onAdd.mock.calls[0]?.slice(1)).toEqual(['Certificat rage', 'vaccination']);
    await waitFor(() => expect(title.placeholder).toBe(''));

    fireEvent.change(file, { target: { files: [pdf('passeport.pdf')] } });
    fireEvent.change(title, { target: { value: 'Passeport européen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le document' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(2));
    expect(onAdd.mock.calls[1]?.[1]).toBe('Passeport européen');
  });

  it('brings a missing file to the member, with its error', async () => {
    const onAdd = vi.fn(async () => null);
    render(
      <Theme>
        <DocumentForm onAdd={onAdd} />
      </Theme>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le document' }));
    const file = screen.getByLabelText('Fichier');
    await waitFor(() => expect(document.activeElement).toBe(file));
    expect(document.getElementById(file.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choisissez un fichier.',
    );
    expect(onAdd).not.toHaveBeenCalled();
  });
});
