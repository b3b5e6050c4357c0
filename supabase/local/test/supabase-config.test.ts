// supabase/config.toml is the one source of the settings both backends read
// (docs/decisions/0008-local-stack-imitates-rules.md): this checks that it parses as TOML, says what the README and the
// product rely on, and agrees with the migrations.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { readSupabaseConfig } from '@medaille/supabase-project';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileGlob, redirectTarget } from '../src/auth/redirects.ts';
import { startTestStack, type TestStack } from '../src/testing.ts';

const SUPABASE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = `${SUPABASE_DIR}config.toml`;

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

// biome-ignore lint/suspicious/noExplicitAny: the CLI's whole file, looked into key by key.
const toml = async () => parse(await readFile(CONFIG, 'utf8')) as any;

describe('supabase/config.toml', () => {
  it('lets e-mail links return to the portal’s callback with its query, on the site and on localhost', async () => {
    const { env } = readSupabaseConfig(CONFIG, {});
    const patterns = env.ADDITIONAL_REDIRECT_URLS?.split(',').map(compileGlob) ?? [];
    const site = env.SITE_URL as string;
    for (const wanted of [
      `${site}/auth/callback?activation=true`,
      `${site}/auth/callback?reset=true`,
      'http://localhost:3000/auth/callback?activation=true',
    ]) {
      expect(redirectTarget(wanted, 'https://medaille.example', patterns)).toBe(wanted);
    }
    expect(redirectTarget('https://evil.example/auth/callback', site, patterns)).toBe(site);
  });

  it('takes the site’s URLs from env(), as the CLI does: the local values when unset, production’s when given', async () => {
    // Nothing pushed to production is written in config.toml itself.
    const { auth } = await toml();
    expect({ site: auth.site_url, redirects: auth.additional_redirect_urls }).toEqual({
      site: 'env(SITE_URL)',
      redirects: 'env(ADDITIONAL_REDIRECT_URLS)',
    });
    // Unset: supabase/.env.development, which the CLI reads too when SUPABASE_ENV is development or unset.
    expect(readSupabaseConfig(CONFIG, {}).env).toMatchObject({
      SITE_URL: 'http://127.0.0.1:3000',
      ADDITIONAL_REDIRECT_URLS: 'http://127.0.0.1:3000/auth/callback**,http://localhost:3000/**',
    });
    // A deployer's values win over the file.
    const production = {
      SUPABASE_ENV: 'production',
      SITE_URL: 'https://medaille.example',
      ADDITIONAL_REDIRECT_URLS: 'https://medaille.example/auth/callback**',
    };
    expect(readSupabaseConfig(CONFIG, production).env).toMatchObject({
      SITE_URL: 'https://medaille.example',
      ADDITIONAL_REDIRECT_URLS: 'https://medaille.example/auth/callback**',
    });
    expect(readSupabaseConfig(CONFIG, { SITE_URL: 'https://medaille.example' }).env.SITE_URL).toBe(
      'https://medaille.example',
    );
    // Production without its values: said plainly, never the local ones.
    expect(() => readSupabaseConfig(CONFIG, { SUPABASE_ENV: 'production' })).toThrow(
      'auth.site_url: SITE_URL is unset (config.toml says env(SITE_URL))',
    );
  });

  it('names a French template for each e-mail, with the link and the code', async () => {
    const { auth } = await toml();
    const config = readSupabaseConfig(CONFIG);
    for (const [name, template] of Object.entries(config.emailTemplates)) {
      expect(auth.email.template[name].content_path).toMatch(/^\.\/supabase\/templates\/\w+\.html$/);
      expect(template.subject).toMatch(/Médaille/);
      // The site's page, which changes nothing when opened; its button spends the token hash.
      expect(template.html).toContain('{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&amp;type=');
      expect(template.html).toContain('{{ .Token }}');
    }
  });

  it('names every function, and serves every one without the gateway’s JWT check, which knows only the legacy secret', async () => {
    const { functions } = await toml();
    const folders = (await readdir(`${SUPABASE_DIR}functions`, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(functions).sort()).toEqual(folders);
    // The check would answer 401 "Invalid JWT" to an owner's ES256 session: each function checks its caller.
    expect(readSupabaseConfig(CONFIG).publicFunctions.sort()).toEqual(folders);
  });

  it('declares the photo bucket exactly as the migrations create it, with its seed files', async () => {
    const { storage } = await toml();
    const bucket = storage.buckets['animal-photos'];
    const { rows } = await stack.db.query<{ public: boolean; file_size_limit: string; allowed_mime_types: string[] }>(
      `select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = 'animal-photos'`,
    );
    expect(rows[0]).toEqual({
      public: bucket.public,
      file_size_limit: String(Number.parseInt(bucket.file_size_limit, 10) * 1024 * 1024),
      allowed_mime_types: bucket.allowed_mime_types,
    });
    const seeded = await fetch(
      `${stack.url}/storage/v1/object/public/animal-photos/b0000000-0000-4000-8000-000000000001/demo-1.png`,
    );
    expect(seeded.status).toBe(200);
  });

  it('is what the local stack runs with: a sign-up e-mail is the confirmation template, filled in', async () => {
    const email = `template-${crypto.randomUUID()}@test.medaille.fr`;
    await stack.client().auth.signUp({ email, password: 'mot-de-passe-1' });
    const mail = await stack.lastMail(email);
    const { auth } = await toml();
    expect(mail.subject).toBe(auth.email.template.confirmation.subject);
    const template = await readFile(`${SUPABASE_DIR}templates/confirmation.html`, 'utf8');
    const link = mail.links[0] as string;
    const code = /Ou saisissez ce code : (\d{10})/.exec(mail.text)?.[1] as string;
    // The site's page (SITE_URL), the token hash and the redirect query-escaped as Go's html/template does.
    const url = new URL(link);
    const tokenHash = url.searchParams.get('token_hash') as string;
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:3000/auth/confirm');
    expect(tokenHash).toMatch(/^[0-9a-f]{56}$/);
    expect(url.searchParams.get('next')).toBe('http://127.0.0.1:3000');
    expect(mail.html).toBe(
      template
        .replace('{{ .SiteURL }}', 'http://127.0.0.1:3000')
        .replace('{{ .TokenHash }}', tokenHash)
        .replace('{{ .RedirectTo }}', 'http%3a%2f%2f127.0.0.1%3a3000')
        .replace('{{ .Token }}', code),
    );
  });
});
