// The one layout of the owners' e-mails, read on a phone first: a viewport, a sans-serif text of 16 px in a
// column of 600 px at most, and the main action as a big button. Styles are inline: mail clients strip
// <style>. The account e-mails that GoTrue fills (supabase/templates/*.html) are written from it too, by
// `pnpm gen:mail-templates`.
import { escapeHtml } from './domain/index.ts';
import type { Mail } from './mail.ts';

const MAIL_STYLES = {
  body: 'margin:0;padding:0;background-color:#f3f4f6;',
  column:
    "max-width:600px;margin:0 auto;padding:24px 16px;background-color:#ffffff;color:#1f2937;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;overflow-wrap:break-word;word-wrap:break-word;",
  paragraph: 'margin:0 0 16px;',
  quote: 'margin:0 0 16px;padding:8px 16px;border-left:4px solid #d1d5db;white-space:pre-wrap;',
  link: 'color:#1d4ed8;text-decoration:underline;',
  action: 'margin:24px 0;',
  // White on #1d4ed8: a contrast of 6.7:1. 12 + 20 + 12 px: 44 px high, the size of a finger.
  button:
    'display:inline-block;box-sizing:border-box;min-height:44px;padding:12px 24px;background-color:#1d4ed8;color:#ffffff;font-size:16px;font-weight:bold;line-height:20px;text-decoration:none;border-radius:8px;',
} as const;

/** The document around an e-mail's content, in its language. */
function mailDocument(content: string, language: string): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body style="${MAIL_STYLES.body}">
<div style="${MAIL_STYLES.column}">
${content}
</div>
</body>
</html>
`;
}

export interface MailLink {
  label: string;
  href: string;
}

/** One paragraph: its words, then words in bold or a link if any; `quote` for what a finder wrote. */
export interface MailParagraph {
  text: string;
  strong?: string;
  link?: MailLink;
  quote?: boolean;
}

/** What an e-mail says: greeting, paragraphs, the main action as a button, more paragraphs, signature. */
export interface MailContent {
  paragraphs: MailParagraph[];
  action: MailLink;
  after?: MailParagraph[];
}

/** The words an e-mail opens and closes with, in its reader's language. */
export interface MailVoice {
  language: string;
  greeting: string;
  signature: string;
  /** Between a link's label and its address in the text part ('Ouvrir : https://…' in French). */
  colon: string;
}

/** The owners' e-mails are French. */
export const FRENCH_VOICE: MailVoice = {
  language: 'fr',
  greeting: 'Bonjour,',
  signature: "L'équipe Médaille",
  colon: ' : ',
};

const linkHtml = ({ label, href }: MailLink) =>
  `<a href="${escapeHtml(href)}" style="${MAIL_STYLES.link}">${escapeHtml(label)}</a>`;

function paragraphHtml({ text, strong, link, quote }: MailParagraph): string {
  const words = [text && escapeHtml(text), strong && `<strong>${escapeHtml(strong)}</strong>`, link && linkHtml(link)]
    .filter(Boolean)
    .join(' ');
  return quote
    ? `<blockquote style="${MAIL_STYLES.quote}">${words}</blockquote>`
    : `<p style="${MAIL_STYLES.paragraph}">${words}</p>`;
}

/** In the text part a web link is written out; a tel: or mailto: one is its words alone. */
function paragraphText({ text, strong, link, quote }: MailParagraph, colon: string): string {
  const linkText = link && (/^https?:/.test(link.href) ? `${link.label}${colon}${link.href}` : link.label);
  const words = [text, strong, linkText].filter(Boolean).join(' ');
  return quote ? `« ${words} »` : words;
}

/** The HTML of an e-mail, a whole document. */
export function mailHtml({ paragraphs, action, after = [] }: MailContent, voice: MailVoice = FRENCH_VOICE): string {
  const button = `<p style="${MAIL_STYLES.action}"><a href="${escapeHtml(action.href)}" style="${MAIL_STYLES.button}">${escapeHtml(action.label)}</a></p>`;
  return mailDocument(
    [
      paragraphHtml({ text: voice.greeting }),
      ...paragraphs.map(paragraphHtml),
      button,
      ...after.map(paragraphHtml),
      paragraphHtml({ text: voice.signature }),
    ].join('\n'),
    voice.language,
  );
}

/**
 * A subject on one line: every run of white space (tabs, line breaks, U+2028 among them) or control characters
 * becomes one space, so that no text in it can end the header or start another.
 */
export const oneLineSubject = (subject: string) => subject.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** An e-mail in `voice`'s language, its HTML and its text part saying the same. */
export function composeMail(
  { to, subject, ...content }: MailContent & { to: string; subject: string },
  voice: MailVoice,
): Mail {
  const text = [
    voice.greeting,
    ...content.paragraphs.map((paragraph) => paragraphText(paragraph, voice.colon)),
    `${content.action.label}${voice.colon}${content.action.href}`,
    ...(content.after ?? []).map((paragraph) => paragraphText(paragraph, voice.colon)),
    voice.signature,
  ].join('\n\n');
  return { to, subject: oneLineSubject(subject), text: `${text}\n`, html: mailHtml(content, voice) };
}

/** An e-mail to an owner, in French. */
export const ownerMail = (mail: MailContent & { to: string; subject: string }): Mail => composeMail(mail, FRENCH_VOICE);
