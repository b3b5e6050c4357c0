// The account e-mails GoTrue sends (supabase/templates/*.html, named by config.toml), written in the owners'
// e-mails' layout: GoTrue fills `{{ .ConfirmationURL }}` and `{{ .Token }}` and reads the files as they are,
// so they are generated rather than shared. tests/functions/owner-mails.test.ts fails when a file differs
// from what this writes; `pnpm gen:mail-templates` rewrites them.
import { writeFile } from 'node:fs/promises';
import { type MailContent, mailHtml } from '../functions/_shared/mail-layout.ts';

const TEMPLATES_DIR = new URL('../templates/', import.meta.url);

/** Each template's intro and button; the code and the reassurance are the same in all. */
const AUTH_EMAILS = {
  confirmation: {
    intro: 'Bienvenue ! Confirmez votre adresse e-mail pour activer votre compte Médaille.',
    button: 'Confirmer mon adresse e-mail',
  },
  magic_link: { intro: 'Voici votre lien pour vous connecter à Médaille, sans mot de passe.', button: 'Me connecter' },
  recovery: {
    intro: 'Vous avez demandé à réinitialiser votre mot de passe Médaille.',
    button: 'Choisir un nouveau mot de passe',
  },
} as const;

export type AuthTemplateName = keyof typeof AUTH_EMAILS;

/** The templates' files, by name, as they must read. */
export function authTemplates(): Map<AuthTemplateName, string> {
  return new Map(
    Object.entries(AUTH_EMAILS).map(([name, { intro, button }]) => {
      const content: MailContent = {
        paragraphs: [{ text: intro }],
        action: { label: button, href: '{{ .ConfirmationURL }}' },
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
