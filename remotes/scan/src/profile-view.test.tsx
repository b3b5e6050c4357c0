import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COPY } from './copy.ts';
import { WordsProvider } from './i18n.ts';
import type { PublicProfile } from './profile-api.ts';
import { ProfileView } from './profile-view.tsx';

afterEach(cleanup);

const base: PublicProfile = {
  status: 'claimed',
  code: 'MDL-1',
  name: 'Kiki',
  species: 'Tortue',
  breed: null,
  color: null,
  sex: 'female',
  sterilized: false,
  weight_kg: null,
  birth_year: null,
  important_info: null,
  allergies: null,
  meds: null,
  temperament: null,
  vet_info: null,
  chip_or_tattoo: null,
  is_lost: false,
  last_known_location: null,
  photo_url: null,
  cover_photo_id: null,
  photos: [],
  show_public_phone: false,
  show_public_email: false,
  show_public_address: false,
};

const show = (overrides: Partial<PublicProfile>) =>
  render(
    <WordsProvider value={{ language: 'fr', locale: 'fr-FR', copy: COPY }}>
      <ProfileView profile={{ ...base, ...overrides }} onChanged={() => {}} />
    </WordsProvider>,
  );
const row = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent;

describe('the profile’s display rules', () => {
  it('shows the custom species as given, the sex from male/female, and no lost banner', () => {
    show({});
    const tags = within(screen.getByRole('list', { name: 'Caractéristiques' }));
    expect(tags.queryByText('Tortue')).not.toBeNull();
    expect(tags.queryByText('Femelle')).not.toBeNull();
    expect(screen.queryByText('Animal signalé comme perdu')).toBeNull();
  });

  it('shows "Inconnu" for a missing species, and leaves out the facts the owner did not give', () => {
    show({ species: null, sex: null, vet_info: null, chip_or_tattoo: null });
    expect(row('Espèce')).toBe('Inconnu');
    expect(row('Stérilisation')).toBe('Non');
    for (const missing of ['Âge', 'Race', 'Couleur', 'Poids (kg)', 'Notes', 'Puce / Tatouage']) {
      expect(screen.queryByText(missing, { selector: 'dt' }), missing).toBeNull();
    }
    expect(screen.queryByText('Non renseigné')).toBeNull();
    // A section with nothing given is not shown at all.
    expect(screen.queryByRole('heading', { name: 'INFORMATIONS VÉTÉRINAIRES' })).toBeNull();
  });

  it('says the age in years, or "Moins d\'un an"', () => {
    const year = new Date().getFullYear();
    show({ birth_year: year });
    expect(row('Âge')).toBe("Moins d'un an");
    cleanup();
    show({ birth_year: year - 1 });
    expect(row('Âge')).toBe('1 an');
    cleanup();
    show({ birth_year: year - 7, weight_kg: 4.2, sterilized: true });
    expect(row('Âge')).toBe('7 ans');
    expect(row('Poids (kg)')).toBe('4,2');
    expect(row('Stérilisation')).toBe('Oui');
  });

  it('lists only contacts that are switched on and filled; the address opens a map in a new tab', () => {
    show({
      public_phone: '0612345678',
      show_public_phone: true,
      public_address_line: '3 rue des Lilas',
      public_city: 'Lyon',
      show_public_address: true,
      show_public_email: true,
    });
    const contact = within(screen.getByRole('region', { name: 'CONTACT' }));
    expect(contact.getByRole('link', { name: '06 12 34 56 78' }).getAttribute('href')).toBe('tel:+33612345678');
    const address = contact.getByRole('link', { name: '3 rue des Lilas, Lyon' });
    expect(address.getAttribute('target')).toBe('_blank');
    expect(address.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/search?query=3%20rue%20des%20Lilas%2C%20Lyon',
    );
    expect(contact.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '06 12 34 56 78',
      '3 rue des Lilas, Lyon',
    ]);
    // Not lost, the finder's help calls first all the same, then SMS and WhatsApp.
    const help = within(screen.getByRole('region', { name: 'Vous avez trouvé Kiki ?' }));
    expect(help.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')?.slice(0, 4)])).toEqual(
      [
        ['Appeler le propriétaire', 'tel:'],
        ['Envoyer un SMS', 'sms:'],
        ['Écrire sur WhatsApp', 'http'],
      ],
    );
  });

  it('lists the second contact after the first, under its name; its e-mail starts written like the first’s', () => {
    show({
      public_phone: '0612345678',
      show_public_phone: true,
      second_contact_name: 'Marie',
      second_contact_phone: '07 11 22 33 44',
      second_contact_email: 'marie@example.fr',
      show_second_contact_phone: true,
      show_second_contact_email: true,
    });
    const contact = within(screen.getByRole('region', { name: 'CONTACT' }));
    expect(contact.getAllByRole('link').map((link) => link.textContent)).toEqual([
      '06 12 34 56 78',
      '07 11 22 33 44',
      'marie@example.fr',
    ]);
    const heading = contact.getByRole('heading', { level: 3, name: 'Autre contact : Marie' });
    // The heading comes between the owner's number and Marie's.
    const [owner, marie] = contact.getAllByRole('link');
    expect(owner?.compareDocumentPosition(heading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(heading.compareDocumentPosition(marie as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(contact.getByRole('link', { name: '07 11 22 33 44' }).getAttribute('href')).toBe('tel:+33711223344');
    const mail = new URL(contact.getByRole('link', { name: 'marie@example.fr' }).getAttribute('href') ?? '');
    expect(`${mail.protocol}${mail.pathname}`).toBe('mailto:marie@example.fr');
    expect(mail.searchParams.get('subject')).toBe("J'ai trouvé Kiki");
    expect(mail.searchParams.get('body')).toMatch(/^Bonjour, j'ai trouvé Kiki et j'ai scanné sa médaille : /);
    // The owner's number stays the one the help calls.
    const help = within(screen.getByRole('region', { name: 'Vous avez trouvé Kiki ?' }));
    expect(help.getByRole('link', { name: 'Appeler le propriétaire' }).getAttribute('href')).toBe('tel:+33612345678');
  });

  it('calls the second contact from the help when the owner’s number is hidden', () => {
    show({
      public_phone: '0612345678',
      show_public_phone: false,
      second_contact_name: 'Marie',
      second_contact_phone: '0711223344',
      show_second_contact_phone: true,
    });
    const help = within(screen.getByRole('region', { name: 'Vous avez trouvé Kiki ?' }));
    expect(help.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')?.slice(0, 8)])).toEqual(
      [
        ['Appeler Marie', 'tel:+337'],
        ['Envoyer un SMS', 'sms:+337'],
        ['Écrire sur WhatsApp', 'https://'],
      ],
    );
    expect(screen.queryByText(/Le propriétaire n'a pas rendu ses coordonnées publiques/)).toBeNull();
    expect(document.body.textContent).not.toContain('0612345678');
  });

  it('shows nothing of a second contact whose switches are off, nor a name without a value', () => {
    show({
      second_contact_name: 'Marie',
      second_contact_phone: '0711223344',
      second_contact_email: 'marie@example.fr',
      show_second_contact_phone: false,
      show_second_contact_email: true,
    });
    const contact = within(screen.getByRole('region', { name: 'CONTACT' }));
    expect(contact.getAllByRole('link').map((link) => link.textContent)).toEqual(['marie@example.fr']);
    cleanup();
    // A stored value that is not a number: no call link, as for the first phone, and then no name either.
    show({ second_contact_name: 'Marie', second_contact_phone: 'le voisin', show_second_contact_phone: true });
    expect(screen.queryByText(/Autre contact/)).toBeNull();
    expect(screen.queryByText('le voisin')).toBeNull();
    expect(screen.queryByText(/Le propriétaire n'a pas rendu ses coordonnées publiques/)).not.toBeNull();
  });

  it('names no one when the second contact has no name', () => {
    show({ second_contact_phone: '0711223344', show_second_contact_phone: true });
    expect(screen.queryByRole('heading', { level: 3, name: 'Autre contact' })).not.toBeNull();
    const help = within(screen.getByRole('region', { name: 'Vous avez trouvé Kiki ?' }));
    expect(help.getByRole('link', { name: 'Appeler le propriétaire' }).getAttribute('href')).toBe('tel:+33711223344');
  });

  it('tells the finder to write when no contact is visible', () => {
    show({});
    expect(screen.queryByText(/Le propriétaire n'a pas rendu ses coordonnées publiques/)).not.toBeNull();
  });

  it('shows owner text as text, never as HTML', () => {
    show({ important_info: '<img src=x onerror=alert(1)>Gentil', is_lost: true });
    expect(row('À propos de moi')).toBe('<img src=x onerror=alert(1)>Gentil');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Animal signalé comme perdu');
  });
});

describe('what the owner shows of the health booklet', () => {
  it('lists the treatments in progress, then the valid vaccines, each with its date, only when there are some', () => {
    show({
      emergency_health: [
        { kind: 'treatment', label: 'Insuline matin et soir', given_on: '2026-10-02', next_due_on: null },
        { kind: 'treatment', label: 'Antiparasitaire', given_on: '2026-11-01', next_due_on: '2026-12-01' },
        { kind: 'vaccination', label: 'Rage', given_on: '2026-03-12', next_due_on: '2027-03-12' },
      ],
    });
    const items = (label: string) =>
      within(screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items('Traitements en cours')).toEqual([
      'Insuline matin et soir, depuis le 2 octobre 2026',
      'Antiparasitaire, prochaine fois le 1 décembre 2026',
    ]);
    expect(items('Vaccins à jour')).toEqual(["Rage, valable jusqu'au 12 mars 2027"]);
    cleanup();

    show({ emergency_health: [] });
    expect(screen.queryByText('Traitements en cours')).toBeNull();
    expect(screen.queryByText('Vaccins à jour')).toBeNull();
  });
});

describe('the copy agrees with the animal’s sex', () => {
  it.each([
    ['M', 'Aidez-le à rentrer chez lui', 'Stérilisé'],
    ['F', 'Aidez-la à rentrer chez elle', 'Stérilisée'],
    [null, 'Aidez Kiki à rentrer à la maison', 'Stérilisé(e)'],
  ] as const)('sex %s: “%s”, “%s”', (sex, help, sterilized) => {
    show({ sex, sterilized: true });
    expect(screen.queryByText(`${help} : partagez votre position ou écrivez à son propriétaire.`)).not.toBeNull();
    expect(within(screen.getByRole('list', { name: 'Caractéristiques' })).queryByText(sterilized)).not.toBeNull();
  });
});

describe('the code in clear', () => {
  it('is shown under the profile as the medal prints it, so that a finder can type it again', () => {
    show({ code: 'MDL-7KQ4-M9XP-3T' });
    const footer = screen.getByText('Code de la médaille').closest('footer');
    expect(footer?.textContent).toContain('MDL-7KQ4-M9XP-3T');
  });
});
