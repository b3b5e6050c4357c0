import { Theme } from '@radix-ui/themes';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ContactValues, PublicContactsPanel } from './public-contacts-panel.tsx';

afterEach(cleanup);

const empty: ContactValues = {
  public_phone: '',
  public_email: '',
  public_address_line: '',
  public_city: '',
  show_public_phone: false,
  show_public_email: false,
  show_public_address: false,
};

function Panel({ initial }: { initial: ContactValues }) {
  const [value, setValue] = useState(initial);
  return (
    <Theme>
      <PublicContactsPanel value={value} errors={{}} onChange={setValue} />
    </Theme>
  );
}

const preview = () => within(screen.getByRole('region', { name: 'Aperçu de la fiche publique' }));

describe('the public contacts panel', () => {
  it('previews nothing until a filled value is switched on, with the spec text', () => {
    render(<Panel initial={{ ...empty, public_phone: '0612345678' }} />);
    expect(preview().getByText(/Aucune information de contact n'est actuellement visible publiquement/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('switch')[0] as HTMLElement);
    expect(preview().getByRole('link', { name: '06 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
  });

  it('previews the address only with both its line and its city, as a map link in a new tab', () => {
    render(<Panel initial={{ ...empty, public_address_line: '3 rue des Lilas', show_public_address: true }} />);
    expect(preview().queryAllByRole('link')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    const address = preview().getByRole('link', { name: '3 rue des Lilas, Lyon' });
    expect(address.getAttribute('target')).toBe('_blank');
  });

  it('previews only what would be saved: an invalid e-mail is no mail link, and says why once left', () => {
    render(<Panel initial={{ ...empty, public_email: 'pas-une-adresse', show_public_email: true }} />);
    expect(preview().queryAllByRole('link')).toHaveLength(0);
    expect(preview().getByText(/Aucune information de contact/)).toBeTruthy();
    const email = screen.getByLabelText('Email (facultatif)');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(email);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir un email valide');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: ' marie@exemple.fr ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(preview().getByRole('link', { name: 'marie@exemple.fr' }).getAttribute('href')).toBe(
      'mailto:marie@exemple.fr',
    );
  });

  it('keeps the spec’s maximum lengths and input types', () => {
    render(<Panel initial={empty} />);
    expect(screen.getByLabelText('Téléphone').getAttribute('maxlength')).toBe('32');
    expect(screen.getByLabelText('Téléphone').getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText('Email (facultatif)').getAttribute('maxlength')).toBe('254');
    expect(screen.getByLabelText('Email (facultatif)').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Adresse (rue)').getAttribute('maxlength')).toBe('120');
    expect(screen.getByLabelText('Ville').getAttribute('maxlength')).toBe('80');
  });

  it('writes under each switch, without hover, that anyone who scans the medal will see it', () => {
    render(<Panel initial={empty} />);
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(3);
    for (const toggle of switches) {
      const warning = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
      expect(warning?.textContent).toBe('Toute personne qui scanne la médaille verra cette information.');
    }
  });
});
