// The page that stops every e-mail to a finder's address, /e-mails/{token}?lang=…, the e-mails' visible link:
// rendered by the scan deployment through the host, in the e-mail's language, without any script; opening it
// changes nothing, its button stops them and answers with a 303 to the page, and every answer carries the
// host's Content-Security-Policy and no-framing headers.
import { startTestStack, type TestStack } from '@medaille/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOverStack } from './support.ts';

let stack: TestStack;
let site: Awaited<ReturnType<typeof hostOverStack>>;
let owner: Awaited<ReturnType<TestStack['signedInOwner']>>;

beforeAll(async () => {
  stack = await startTestStack();
  owner = await stack.signedInOwner('stop-page');
  site = await hostOverStack(stack);
});

afterAll(async () => {
  await site?.close();
  await stack?.close();
});

/** A finder writes in English to a new animal, leaving `email`. */
async function writeInEnglish(email: string) {
  const code = await stack.newCode();
  const { data, error } = await owner.client.rpc('register_animal_with_code', {
    p_code: code,
    p_animal: { nom: 'Rex', espece: 'dog' },
  });
  if (error || !data?.success) throw new Error(`activation failed: ${error?.message ?? data?.error}`);
  const sent = await fetch(`${stack.url}/functions/v1/post_finder_message`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ code, message: 'Found by the river', email, language: 'en' }),
  });
  expect(sent.status).toBe(200);
}

/** The path and query of the e-mail's link to the site's page that stops them. */
async function stopLinkOf(email: string): Promise<string> {
  const mail = await stack.lastMail(email);
  const link = mail.links.find((href) => new URL(href).pathname.startsWith('/e-mails/'));
  if (!link) throw new Error(`no link to the page that stops e-mails in ${mail.links.join(' ')}`);
  return `${new URL(link).pathname}${new URL(link).search}`;
}

function expectGuarded(response: Response) {
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("form-action 'self'");
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
}

describe('the page that stops e-mails to a finder’s address', () => {
  it('shows the button in English for ?lang=en, and opening it changes nothing', async () => {
    const email = `finder-${crypto.randomUUID()}@example.org`;
    await writeInEnglish(email);
    const path = await stopLinkOf(email);
    expect(path).toMatch(/^\/e-mails\/[0-9a-f]{64}\?lang=en$/);
    for (let index = 0; index < 3; index += 1) {
      const page = await fetch(`${site.url}${path}`);
      expect(page.status).toBe(200);
      expectGuarded(page);
      const html = await page.text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain('<form method="post">');
      expect(html).toContain('Stop e-mails');
      expect(html).not.toContain('<script');
    }
    await writeInEnglish(email);
    expect(await stack.mails(email)).toHaveLength(2);
  });

  it('stops them with its button, then answers the page again by a 303 to its GET', async () => {
    const email = `finder-${crypto.randomUUID()}@example.org`;
    await writeInEnglish(email);
    const path = await stopLinkOf(email);
    const posted = await fetch(`${site.url}${path}`, { method: 'POST', redirect: 'manual' });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(path);
    expectGuarded(posted);
    const page = await fetch(`${site.url}${path}`);
    expect(page.status).toBe(200);
    expectGuarded(page);
    const html = await page.text();
    expect(html).toContain('Done: you won&#x27;t receive any more e-mails from Médaille at this address.');
    expect(html).not.toContain('<form');
    await writeInEnglish(email);
    expect(await stack.mails(email)).toHaveLength(1);
  });

  it('says an unknown link is not valid (404), in the language it names', async () => {
    const path = `/e-mails/${'0'.repeat(64)}?lang=de`;
    for (const method of ['GET', 'POST']) {
      const page = await fetch(`${site.url}${path}`, { method, redirect: 'manual' });
      expect(page.status, method).toBe(404);
      expectGuarded(page);
      expect(await page.text()).toContain('Dieser Link ist nicht gültig.');
    }
  });
});
