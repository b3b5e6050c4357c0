import { Theme } from '@radix-ui/themes';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ContactValues, type HouseholdAddress, PublicContactsPanel } from './public-contacts-panel.tsx';

afterEach(cleanup);

const empty: ContactValues = {
  public_phone: '',
  public_email: '',
  public_address_line: '',
  public_city: '',
  show_public_phone: false,
  show_public_email: false,
  show_public_address: false,
  second_contact_name: '',
  second_contact_phone: '',
  second_contact_email: '',
  show_second_contact_phone: false,
  show_second_contact_email: false,
};

function Panel({ initial, household }: { initial: ContactValues; household?: HouseholdAddress[] }) {
  const [value, setValue] = useState(initial);
  return (
    <Theme>
      <PublicContactsPanel value={value} errors={{}} onChange={setValue} household={household} />
    </Theme>
  );
}

const previewRegion = () => screen.getByRole('region', { name: 'Aperçu de la fiche publique' });
const preview = () => within(previewRegion());
/** Until the preview shows the values on screen: their check is asynchronous (a phone's loads its library). */
const checked = () => waitFor(() => expect(previewRegion().getAttribute('aria-busy')).toBe('false'));

describe('the public contacts panel', () => {
  it('previews nothing until a filled value is switched on, with the spec text', async () => {
    render(<Panel initial={{ ...empty, public_phone: '0612345678' }} />);
    await checked();
    expect(
      preview().queryByText(/Aucune information de contact n'est actuellement visible publiquement/),
    ).not.toBeNull();
    fireEvent.click(screen.getAllByRole('switch')[0] as HTMLElement);
    await checked();
    expect(preview().getByRole('link', { name: '06 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
  });

  it('previews the number the owner meant: a business card’s +33 (0)6 … calls +33 6 …, an invalid one says why', async () => {
    render(<Panel initial={{ ...empty, public_phone: '+33 (0)6 12 34 56 78', show_public_phone: true }} />);
    await checked();
    expect(preview().getByRole('link', { name: '06 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
    const phone = screen.getByLabelText('Téléphone');
    fireEvent.change(phone, { target: { value: '06 12 34 56' } });
    await checked();
    fireEvent.blur(phone);
    await checked();
    expect(preview().queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir un numéro de téléphone valide');
  });

  it('previews the address only with both its line and its city, as a map link in a new tab', async () => {
    render(<Panel initial={{ ...empty, public_address_line: '3 rue des Lilas', show_public_address: true }} />);
    await checked();
    expect(preview().queryAllByRole('link')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Ville'), { target: { value: 'Lyon' } });
    await checked();
    const address = preview().getByRole('link', { name: '3 rue des Lilas, Lyon' });
    expect(address.getAttribute('target')).toBe('_blank');
  });

  it('previews only what would be saved: an invalid e-mail is no mail link, and says why once left', async () => {
    render(<Panel initial={{ ...empty, public_email: 'pas-une-adresse', show_public_email: true }} />);
    await checked();
    expect(preview().queryAllByRole('link')).toHaveLength(0);
    expect(preview().queryByText(/Aucune information de contact/)).not.toBeNull();
    const email = screen.getByLabelText('Email (facultatif)');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(email);
    await checked();
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir un email valide');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: ' marie@exemple.fr ' } });
    await checked();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(preview().getByRole('link', { name: 'marie@exemple.fr' }).getAttribute('href')).toBe(
      'mailto:marie@exemple.fr',
    );
  });

  it('keeps the spec’s maximum lengths and input types', async () => {
    render(<Panel initial={empty} />);
    await checked();
    expect(screen.getByLabelText('Téléphone').getAttribute('maxlength')).toBe('32');
    expect(screen.getByLabelText('Téléphone').getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText('Email (facultatif)').getAttribute('maxlength')).toBe('254');
    expect(screen.getByLabelText('Email (facultatif)').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Adresse (rue)').getAttribute('maxlength')).toBe('120');
    expect(screen.getByLabelText('Ville').getAttribute('maxlength')).toBe('80');
  });

  it('writes under each switch, without hover, that anyone who scans the medal will see it', async () => {
    render(<Panel initial={empty} />);
    await checked();
    const switches = screen.getAllByRole('switch');
    expect(switches).toHaveLength(5);
    for (const toggle of switches) {
      const warning = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
      expect(warning?.textContent).toBe('Toute personne qui scanne la médaille verra cette information.');
    }
  });

  it('previews the second contact after the first, under its name, each value by its own switch', async () => {
    render(
      <Panel
        initial={{
          ...empty,
          public_phone: '0612345678',
          show_public_phone: true,
          second_contact_name: 'Marie',
          second_contact_phone: '0711223344',
          second_contact_email: 'marie@exemple.fr',
        }}
      />,
    );
    await checked();
    const second = within(screen.getByRole('region', { name: 'Deuxième contact' }));
    expect(
      second.queryByText(
        "Par exemple un autre membre du foyer : si le premier numéro ne répond pas, la personne qui a trouvé l'animal essaie celui-ci.",
      ),
    ).not.toBeNull();
    expect(second.getByLabelText('Prénom ou nom').getAttribute('maxlength')).toBe('60');
    expect(second.getByLabelText('Téléphone du deuxième contact').getAttribute('type')).toBe('tel');
    expect(second.getByLabelText('Email du deuxième contact').getAttribute('type')).toBe('email');
    expect(preview().queryByText('Autre contact : Marie')).toBeNull();
    fireEvent.click(second.getByRole('switch', { name: 'Afficher ce numéro sur le profil public' }));
    await checked();
    expect(preview().queryByRole('heading', { name: 'Autre contact : Marie' })).not.toBeNull();
    expect(
      preview()
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['tel:+33612345678', 'tel:+33711223344']);
    fireEvent.click(second.getByRole('switch', { name: 'Afficher cette adresse sur le profil public' }));
    await checked();
    expect(preview().queryByRole('link', { name: 'marie@exemple.fr' })).not.toBeNull();
    fireEvent.click(second.getByRole('switch', { name: 'Afficher ce numéro sur le profil public' }));
    await checked();
    expect(preview().queryByRole('link', { name: '07 11 22 33 44' })).toBeNull();
  });

  it('checks the second contact as the first: a phone that is no number is not previewed, and says why', async () => {
    render(<Panel initial={{ ...empty, second_contact_phone: 'le voisin', show_second_contact_phone: true }} />);
    await checked();
    expect(preview().queryAllByRole('link')).toHaveLength(0);
    expect(preview().queryByText(/Autre contact/)).toBeNull();
    fireEvent.blur(screen.getByLabelText('Téléphone du deuxième contact'));
    await checked();
    expect(screen.getByRole('alert').textContent).toBe('Veuillez saisir un numéro de téléphone valide');
  });

  it('fills the second e-mail with the address of the household member chosen', async () => {
    render(
      <Panel
        initial={empty}
        household={[
          { email: 'moi@exemple.fr', role: 'Propriétaire' },
          { email: 'marie@exemple.fr', role: 'Co-propriétaire' },
        ]}
      />,
    );
    await checked();
    const choose = screen.getByLabelText('Choisir un membre du foyer') as HTMLSelectElement;
    expect([...choose.options].map((option) => option.textContent)).toEqual([
      '—',
      'moi@exemple.fr (Propriétaire)',
      'marie@exemple.fr (Co-propriétaire)',
    ]);
    fireEvent.change(choose, { target: { value: 'marie@exemple.fr' } });
    await checked();
    expect((screen.getByLabelText('Email du deuxième contact') as HTMLInputElement).value).toBe('marie@exemple.fr');
    // Filled, not shown: its switch stays the owner's decision.
    expect(preview().queryByRole('link', { name: 'marie@exemple.fr' })).toBeNull();
    expect(choose.value).toBe('');
  });

  it('offers no choice of a member while the household is not there', async () => {
    render(<Panel initial={empty} />);
    await checked();
    expect(screen.queryByLabelText('Choisir un membre du foyer')).toBeNull();
  });
});
