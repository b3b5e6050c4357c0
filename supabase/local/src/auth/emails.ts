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

/**
 * Go's html/template escaping of a value in a URL's query (its `urlEscaper`): every byte but RFC 3986's
 * unreserved ones percent-encoded, in lower-case hex, so that `next={{ .RedirectTo }}` stays one parameter.
 */
function goQueryEscape(value: string): string {
  return [...new TextEncoder().encode(value)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).padStart(2, '0')}`;
    })
    .join('');
}

/** The values of `{{ .Variable }}` in one stretch of a template, escaped as Go's html/template escapes them. */
const fill = (text: string, variables: TemplateVariables, escaped: (value: string) => string) =>
  text.replace(TEMPLATE_PLACEHOLDER, (_, name: keyof TemplateVariables) => escaped(variables[name]));

/**
 * Renders a link e-mail as GoTrue does, with Go's html/template's escaping by context: a value in an href's
 * query is query-escaped, any other HTML-escaped.
 */
export function authEmail(
  templates: Record<TemplateName, EmailTemplate>,
  type: LinkType,
  to: string,
  variables: TemplateVariables,
): Mail {
  const template = templates[TEMPLATE_OF[type]];
  const html = template.html
    .split(/(href="[^"]*")/)
    .map((part) => {
      if (!part.startsWith('href="')) return fill(part, variables, escapeHtml);
      const query = part.indexOf('?');
      if (query < 0) return fill(part, variables, escapeHtml);
      return fill(part.slice(0, query), variables, escapeHtml) + fill(part.slice(query), variables, goQueryEscape);
    })
    .join('');
  return { to, subject: template.subject, text: textOf(html), html };
}
