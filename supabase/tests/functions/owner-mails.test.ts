// The e-mails an owner receives, as the local mailbox holds them: each one laid out for a phone, with its
// main action as a button to the place where the owner acts, and the finder's phone or address linked.

import { readFile } from 'node:fs/promises';
import { newEmail, type ReceivedMail, startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTemplates, templateFile } from '../../scripts/mail-templates.ts';
import { invoke } from '../support/finder.ts';

let stack: TestStack;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('mails');
});
afterAll(() => stack?.close());

async function newestMail(email: string, subject: string): Promise<ReceivedMail> {
  await expect.poll(async () => (await stack.mails(email, subject)).length).toBeGreaterThan(0);
  return (await stack.mails(email, subject))[0] as ReceivedMail;
}

/** Each link of the HTML as a reader sees it: its words (entities decoded) and where it leads. */
function linksOf(html: string): { name: string; href: string }[] {
  const decode = (text: string) =>
    text
      .replace(/<[^>]+>/g, '')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
      .trim();
  return Array.from(html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs), (match) => ({
    name: decode(match[2] as string),
    href: decode(match[1] as string),
  }));
}

const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/** What every e-mail shares: a phone's viewport, French, and one button (the main action). */
function expectPhoneLayout(html: string) {
  expect(html).toContain(VIEWPORT);
  expect(html).toMatch(/<html lang="fr">/);
  expect(html).not.toMatch(/<style/i);
}

/** The portal's page of the animal's messages and history, on the public site. */
const historyUrl = (animalId: string) =>
  expect.stringMatching(new RegExp(`^https?://[^/]+/mon-compte/animal/${animalId}/historique$`));

describe('a finder’s message', () => {
  it('links to the inbox without a photo too, and the phone number left as contact calls it', async () => {
    const rex = await stack.activatedAnimal(owner.client, { nom: 'Rex' });
    await invoke(stack, 'post_finder_message', {
      code: rex.code,
      message: 'Il est au parc.',
      contact: '06 11 22 33 44',
    });
    const mail = await newestMail(owner.email, 'Message au sujet de Rex');
    expectPhoneLayout(mail.html);
    expect(linksOf(mail.html)).toEqual([
      { name: '06 11 22 33 44', href: 'tel:+33611223344' },
      { name: 'Voir dans vos messages', href: historyUrl(rex.animalId) },
    ]);
    expect(mail.text).toContain('Pour lui répondre : 06 11 22 33 44');
    expect(mail.text).toMatch(new RegExp(`Voir dans vos messages : https?://\\S+/animal/${rex.animalId}/historique`));
  });

  it('writes to an e-mail address left as contact, and leaves any other contact as escaped text', async () => {
    const milou = await stack.activatedAnimal(owner.client, { nom: 'Milou' });
    await invoke(stack, 'post_finder_message', { code: milou.code, contact: 'voisin@example.fr' });
    const byMail = await newestMail(owner.email, 'Message au sujet de Milou');
    expect(linksOf(byMail.html)).toContainEqual({ name: 'voisin@example.fr', href: 'mailto:voisin@example.fr' });

    const other = await stack.activatedAnimal(owner.client, { nom: 'Idefix' });
    await invoke(stack, 'post_finder_message', { code: other.code, contact: 'Marie <b>au café</b>' });
    const byText = await newestMail(owner.email, 'Message au sujet de Idefix');
    expect(byText.html).toContain('Pour lui répondre : Marie &lt;b&gt;au café&lt;/b&gt;');
    expect(linksOf(byText.html).map((link) => link.name)).toEqual(['Voir dans vos messages']);
  });
});

describe('a shared position', () => {
  it('opens the point on OpenStreetMap with its button, and links to the history', async () => {
    const pixel = await stack.activatedAnimal(owner.client, { nom: 'Pixel' });
    const shared = await invoke(stack, 'record-scan', {
      codeId: pixel.code,
      animalId: pixel.animalId,
      lat: 45.764,
      lon: 4.8357,
      accuracy: 12,
      consent: true,
    });
    expect(shared.status).toBe(200);
    const mail = await newestMail(owner.email, 'Position partagée pour Pixel');
    expectPhoneLayout(mail.html);
    expect(linksOf(mail.html)).toEqual([
      {
        name: 'Voir sur la carte',
        href: 'https://www.openstreetmap.org/?mlat=45.764&mlon=4.8357#map=17/45.764/4.8357',
      },
      { name: "Voir l'historique des positions", href: historyUrl(pixel.animalId) },
    ]);
  });
});

describe('a lost animal’s page opened, and the digest', () => {
  it('each has its button to the animal’s history', async () => {
    const perdu = await stack.activatedAnimal(owner.client, { nom: 'Perdu' });
    await owner.client.from('animals').update({ is_lost: true }).eq('id', perdu.animalId);
    await invoke(stack, 'get_public_profile', { code: perdu.code });
    const viewed = await newestMail(owner.email, "Le profil de Perdu vient d'être consulté");
    expectPhoneLayout(viewed.html);
    expect(linksOf(viewed.html)).toEqual([{ name: "Voir l'historique des scans", href: historyUrl(perdu.animalId) }]);

    // The 11th finder of the hour: the digest instead of its own e-mail.
    const bavard = await stack.activatedAnimal(owner.client, { nom: 'Bavard' });
    for (let i = 0; i < 11; i += 1)
      await invoke(stack, 'post_finder_message', { code: bavard.code, message: `n° ${i}` });
    const digest = await newestMail(owner.email, "D'autres messages au sujet de Bavard");
    expectPhoneLayout(digest.html);
    expect(linksOf(digest.html)).toEqual([{ name: 'Voir vos messages', href: historyUrl(bavard.animalId) }]);
  });
});

describe('the account e-mails (supabase/templates)', () => {
  it('are written from the same layout, their link as the button (else run `pnpm gen:mail-templates`)', async () => {
    for (const [name, html] of authTemplates()) {
      const file = await readFile(templateFile(name), 'utf8');
      expect(file, `supabase/templates/${name}.html`).toBe(html);
      expectPhoneLayout(file);
      // The site's page, which changes nothing when opened (mail scanners open every link), not GoTrue's /verify.
      expect(linksOf(file)[0]?.href).toMatch(
        /^\{\{ \.SiteURL \}\}\/auth\/confirm\?token_hash=\{\{ \.TokenHash \}\}&type=(signup|magiclink|recovery)&next=\{\{ \.RedirectTo \}\}$/,
      );
    }
    const email = newEmail('layout');
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-1' });
    const mail = await newestMail(email, 'Confirmez votre inscription à Médaille');
    expectPhoneLayout(mail.html);
    expect(linksOf(mail.html)[0]?.name).toBe('Confirmer mon adresse e-mail');
  });
});
