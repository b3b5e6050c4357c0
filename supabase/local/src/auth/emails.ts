// The e-mails GoTrue sends, from the templates that config.toml names (supabase/templates/*.html): the
// same French text on hosted Supabase and here.

import { escapeHtml } from '@medaille/domain';
import { type EmailTemplate, TEMPLATE_PLACEHOLDER, type TemplateName } from '@medaille/supabase-project';
import type { Mail } from '../mailbox/mailbox.ts';

export type LinkType = 'signup' | 'magiclink' | 'recovery';

/** Which template GoTrue sends for each kind of link. */
const TEMPLATE_OF: Record<LinkType, TemplateName> = {
  signup: 'confirmation',
  magiclink: 'magic_link',
  recovery: 'recovery',
};

/** The variables GoTrue gives its e-mail templates (those the project's templates may use). */
export interface TemplateVariables {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  Email: string;
  RedirectTo: string;
}

/** The text part a mail client shows without HTML: links written out, tags dropped, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2 : $1')
    .replace(/<\/(p|div|h\d|li)>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

/** Renders a link e-mail as GoTrue does: values HTML-escaped into the template (Go's html/template). */
export function authEmail(
  templates: Record<TemplateName, EmailTemplate>,
  type: LinkType,
  to: string,
  variables: TemplateVariables,
): Mail {
  const template = templates[TEMPLATE_OF[type]];
  const html = template.html.replace(TEMPLATE_PLACEHOLDER, (_, name: keyof TemplateVariables) =>
    escapeHtml(variables[name]),
  );
  return { to, subject: template.subject, text: textOf(html), html };
}
