import { describe, expect, it } from 'vitest';
import { finderContactHref } from './finder-contact.ts';
import { mapsPointUrl, mapsSearchUrl } from './maps.ts';
import { formatPhone, phoneHref, smsHref, whatsAppHref } from './phone.ts';
import { phoneToCall, secondContactName, visibleContacts } from './public-contacts.ts';

describe('phone display', () => {
  it('shows exactly 10 digits in pairs', () => {
    expect(formatPhone('0612345678')).toBe('06 12 34 56 78');
    expect(formatPhone('06.12.34.56.78')).toBe('06 12 34 56 78');
  });
  it('leaves 9 and 11 digits as typed', () => {
    expect(formatPhone('061234567')).toBe('061234567');
    expect(formatPhone('06123456789')).toBe('06123456789');
    expect(formatPhone(' +442079460958 ')).toBe('+442079460958');
  });
  it('shows a French number stored in E.164 as the French read it', () => {
    expect(formatPhone('+33612345678')).toBe('06 12 34 56 78');
    expect(formatPhone(' +33123456789 ')).toBe('01 23 45 67 89');
  });
  it('links with +33 in place of a leading 0', () => {
    expect(phoneHref('06 12 34 56 78')).toBe('tel:+33612345678');
    expect(phoneHref('061234567')).toBe('tel:+3361234567');
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
  it('reads a leading 00 as the international +', () => {
    expect(phoneHref('0044 20 7946 0958')).toBe('tel:+442079460958');
  });
  it('drops the trunk prefix written after a country code: nobody dials it from abroad', () => {
    expect(phoneHref('+33 (0)6 12 34 56 78')).toBe('tel:+33612345678');
    expect(phoneHref('0033 (0) 6 12 34 56 78')).toBe('tel:+33612345678');
    expect(phoneHref('+44 (0)20 7946 0958')).toBe('tel:+442079460958');
    expect(phoneHref('+33 06 12 34 56 78')).toBe('tel:+33612345678');
    // A national number's brackets are only separators.
    expect(phoneHref('(0)6 12 34 56 78')).toBe('tel:+33612345678');
  });
  it('texts the same number, with the body both iOS and Android read', () => {
    const sms = new URL(smsHref('06 12 34 56 78', "J'ai trouvé Rex : https://m.fr/MDL-1?a=b&c"));
    expect(sms.protocol).toBe('sms:');
    expect(sms.pathname).toBe('+33612345678');
    expect(sms.search.startsWith('?&body=')).toBe(true);
    expect(sms.searchParams.get('body')).toBe("J'ai trouvé Rex : https://m.fr/MDL-1?a=b&c");
  });
  it('opens WhatsApp on the international number without its +', () => {
    const chat = new URL(whatsAppHref('+44 20 7946 0958', 'Bonjour & merci'));
    expect(chat.origin).toBe('https://wa.me');
    expect(chat.pathname).toBe('/442079460958');
    expect(chat.searchParams.get('text')).toBe('Bonjour & merci');
    expect(new URL(whatsAppHref('06.12.34.56.78', 'x')).pathname).toBe('/33612345678');
  });
});

describe('maps link: OpenStreetMap everywhere, which does not track who opens it', () => {
  it('puts a marker at a shared point, centred there', () => {
    expect(mapsPointUrl(45.764, 4.8357)).toBe(
      'https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=17/45.764/4.8357',
    );
  });
  it('needs both the street line and the city', () => {
    expect(mapsSearchUrl('3 rue des Lilas', '')).toBeNull();
    expect(mapsSearchUrl(null, 'Lyon')).toBeNull();
    expect(mapsSearchUrl(' 3 rue des Lilas ', 'Lyon')).toBe(
      'https://www.openstreetmap.org/search?query=3%20rue%20des%20Lilas%2C%20Lyon',
    );
  });
});

describe('finderContactHref', () => {
  it('calls a phone number, separators removed and its + kept', () => {
    expect(finderContactHref(' 06 11 22 33 44 ')).toBe('tel:+33611223344');
    expect(finderContactHref('06.11.22.33.44')).toBe('tel:+33611223344');
    expect(finderContactHref('+44 20 7946-0958')).toBe('tel:+442079460958');
  });
  it('writes to an e-mail address', () => {
    expect(finderContactHref('voisin@example.fr')).toBe('mailto:voisin@example.fr');
  });
  it('links nothing else: words, a number too short, an address with a query', () => {
    for (const contact of [
      'Marie, au café',
      '112',
      'Appelez le 06 11 22 33 44',
      'a@b.fr?cc=x@y.fr',
      'javascript:alert(1)',
    ])
      expect(finderContactHref(contact)).toBeNull();
  });
});

describe('visibleContacts', () => {
  const all = {
    public_phone: '0612345678',
    public_email: 'marie@example.fr',
    public_address_line: '3 rue des Lilas',
    public_city: 'Lyon',
  };
  it('shows nothing while every switch is off', () => {
    expect(visibleContacts(all)).toEqual([]);
  });
  it('shows each item whose switch is on and whose value is filled', () => {
    const items = visibleContacts({
      ...all,
      show_public_phone: true,
      show_public_email: true,
      show_public_address: true,
    });
    expect(items).toEqual([
      { kind: 'phone', text: '06 12 34 56 78', href: 'tel:+33612345678' },
      { kind: 'email', text: 'marie@example.fr', href: 'mailto:marie@example.fr' },
      {
        kind: 'address',
        text: '3 rue des Lilas, Lyon',
        href: 'https://www.openstreetmap.org/search?query=3%20rue%20des%20Lilas%2C%20Lyon',
      },
    ]);
  });
  it('never offers a call link for a stored phone that is not a number', () => {
    expect(visibleContacts({ public_phone: 'abc', show_public_phone: true })).toEqual([]);
  });
  it('hides a switched-on item without a value, and an address without its city', () => {
    const items = visibleContacts({
      public_phone: '  ',
      public_address_line: '3 rue des Lilas',
      public_city: null,
      show_public_phone: true,
      show_public_address: true,
    });
    expect(items).toEqual([]);
  });
});

describe('the second contact', () => {
  const second = {
    second_contact_name: ' Marie ',
    second_contact_phone: '07 11 22 33 44',
    second_contact_email: 'marie@example.fr',
  };
  it('shows nothing of it while its switches are off, the name least of all', () => {
    expect(visibleContacts(second)).toEqual([]);
    expect(secondContactName(second)).toBeNull();
  });
  it('comes after the first contact, its phone and e-mail each with its own switch', () => {
    const both = {
      ...second,
      public_phone: '0612345678',
      show_public_phone: true,
      show_second_contact_phone: true,
      show_second_contact_email: true,
    };
    expect(visibleContacts(both)).toEqual([
      { kind: 'phone', text: '06 12 34 56 78', href: 'tel:+33612345678' },
      { kind: 'second_phone', text: '07 11 22 33 44', href: 'tel:+33711223344' },
      { kind: 'second_email', text: 'marie@example.fr', href: 'mailto:marie@example.fr' },
    ]);
    expect(visibleContacts({ ...second, show_second_contact_email: true }).map((item) => item.kind)).toEqual([
      'second_email',
    ]);
    expect(secondContactName(both)).toBe('Marie');
  });
  it('never offers a call link for a stored phone that is not a number, nor shows a blank value', () => {
    const odd = { second_contact_phone: 'le voisin', show_second_contact_phone: true };
    expect(visibleContacts(odd)).toEqual([]);
    expect(visibleContacts({ second_contact_email: '  ', show_second_contact_email: true })).toEqual([]);
    expect(secondContactName({ ...odd, second_contact_name: 'Marie' })).toBeNull();
  });
  it('has a name only when one is given', () => {
    expect(secondContactName({ ...second, second_contact_name: '  ', show_second_contact_phone: true })).toBeNull();
  });
  it("is the one a finder's call reaches when the first phone does not show", () => {
    const shown = { ...second, show_second_contact_phone: true };
    expect(phoneToCall({ ...shown, public_phone: '0612345678', show_public_phone: true })).toEqual({
      phone: '0612345678',
      name: null,
    });
    expect(phoneToCall({ ...shown, public_phone: '0612345678' })).toEqual({ phone: '07 11 22 33 44', name: 'Marie' });
    expect(phoneToCall({ ...shown, public_phone: 'abc', show_public_phone: true })?.phone).toBe('07 11 22 33 44');
    expect(phoneToCall(second)).toBeUndefined();
  });
});
