// The account e-mails GoTrue sends (supabase/templates/*.html, named by config.toml), written in the owners'
// e-mails' layout: GoTrue fills the `{{ .Variable }}` placeholders and reads the files as they are, so they are
// generated rather than shared. tests/functions/owner-mails.test.ts fails when a file differs
// from what this writes; `pnpm gen:mail-templates` rewrites them.
import { writeFile } from 'node:fs/promises';
import { type MailContent, mailHtml } from '../functions/_shared/mail-layout.ts';

const TEMPLATES_DIR = new URL('../templates/', import.meta.url);

/**
 * Each template's intro, button and verification type; the code and the reassurance are the same in all.
 * The type is GoTrue's for the token the e-mail carries: a confirmation's, or the recovery token that a magic
 * link and a password reset both use.
 */
const AUTH_EMAILS = {
  confirmation: {
    intro: 'Bienvenue ! Confirmez votre adresse e-mail pour activer votre compte Médaille.',
    button: 'Confirmer mon adresse e-mail',
    type: 'signup',
  },
  magic_link: {
    intro: 'Voici votre lien pour vous connecter à Médaille, sans mot de passe.',
    button: 'Me connecter',
    type: 'magiclink',
  },
  recovery: {
    intro: 'Vous avez demandé à réinitialiser votre mot de passe Médaille.',
    button: 'Choisir un nouveau mot de passe',
    type: 'recovery',
  },
} as const;

/**
 * The link of an auth e-mail: the site's page /auth/confirm (the portal's ROUTES.authConfirm), never GoTrue's
 * `/verify`, whose GET spends the token and signs in: mail scanners open every link of an e-mail. The page
 * only says what the link is for; its button spends the token (`verifyOtp({ token_hash, type })`) and goes on
 * to `next`, the redirect the app asked for. Go's html/template query-escapes `{{ .RedirectTo }}` there.
 */
const confirmUrl = (type: string) =>
  `{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=${type}&next={{ .RedirectTo }}`;

export type AuthTemplateName = keyof typeof AUTH_EMAILS;

/** The templates' files, by name, as they must read. */
export function authTemplates(): Map<AuthTemplateName, string> {
  return new Map(
    Object.entries(AUTH_EMAILS).map(([name, { intro, button, type }]) => {
      const content: MailContent = {
        paragraphs: [{ text: intro }],
        action: { label: button, href: confirmUrl(type) },
        after: [
          { text: 'Ou saisissez ce code :', strong: '{{ .Token }}' },
          { text: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message." },
        ],
      };
      return [name as AuthTemplateName, mailHtml(content)];
    }),
  );
}

export const templateFile = (name: AuthTemplateName) => new URL(`${name}.html`, TEMPLATES_DIR);

/** Rewrites supabase/templates; answers the names written. */
export async function writeAuthTemplates(): Promise<AuthTemplateName[]> {
  const templates = authTemplates();
  for (const [name, html] of templates) await writeFile(templateFile(name), html);
  return [...templates.keys()];
}
