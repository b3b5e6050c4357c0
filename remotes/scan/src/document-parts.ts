// What the server entry's documents share (server.tsx, conversation-page.tsx, stop-finder-mail-page.tsx,
// search-page.tsx): their stylesheets inline, a cookie of the request, and the document of a page the scan
// deployment answers whole. Web-standard APIs only.
import { escapeHtml, SEARCH_CARD_SIZE } from '@medaille/domain';
import type { Stylesheet } from '@medaille/scan-contract';
import type { Language } from './i18n.ts';

/**
 * A stylesheet inline, under the name its chunk loader looks for (so that it is not downloaded again); a
 * link when its text would not mean the same inline: a relative url() or @import would resolve against the
 * page, and `</style` would end the element.
 */
export function inlineStyle(sheet: Stylesheet): string {
  if (/url\(|@import|<\/style/i.test(sheet.css)) return `<link rel="stylesheet" href="${escapeHtml(sheet.href)}">`;
  return `<style data-href="${escapeHtml(sheet.loaderName)}">${sheet.css}</style>`;
}

/**
 * Those of the scan build's on-demand scripts (the host passes them from mf-manifest.json, absolute) whose chunk is
 * one of `chunks` (the names given by the imports' `webpackChunkName`).
 */
export function scriptsNamed(scripts: readonly string[], chunks: readonly string[]): string[] {
  return scripts.filter((script) => {
    const url = URL.canParse(script) ? new URL(script) : null;
    const file = /^([a-z-]+)\.[0-9a-f]+\.js$/.exec(url?.pathname.split('/').pop() ?? '');
    return file !== null && chunks.includes(file[1] as string);
  });
}

/** One cookie's value from a Cookie header, or null. */
export function cookie(header: string | null, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The whole document of a page of a finder's private link (their conversation, the page that stops their
 * e-mails): nobody's to index, and no Referer sent on, since the token in its path is their credential.
 */
export function documentOf(
  language: Language,
  title: string,
  styles: readonly Stylesheet[],
  body: string,
  card?: ShareCard,
): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">' +
    `<title>${escapeHtml(title)}</title>${card ? shareCardTags(card) : ''}${styles.map(inlineStyle).join('')}</head>` +
    `<body>${body}</body></html>`
  );
}

/** What a shared link of a page shows in a messaging app or a social network (Open Graph, Twitter's card). */
export interface ShareCard {
  title: string;
  description: string;
  /** The absolute URL of the page's picture, SEARCH_CARD_SIZE (search-card), which says the title. */
  image: string;
}

function shareCardTags({ title, description, image }: ShareCard): string {
  const meta = (attribute: 'property' | 'name', name: string, content: string) =>
    `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('name', 'description', description),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SEARCH_CARD_SIZE.width)),
    meta('property', 'og:image:height', String(SEARCH_CARD_SIZE.height)),
    meta('property', 'og:image:alt', title),
    meta('name', 'twitter:card', 'summary_large_image'),
  ].join('');
}
