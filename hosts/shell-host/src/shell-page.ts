/**
 * The shell's index.html as the host answers it, read as tokens (html.ts) once per build. Every page gets
 * the configuration inline in place of `<script src="/config.js">` (no round trip); a scan page also gets
 * `noindex` (a finder's page is private) and the scan remote's files announced (DESIGN D5). For a
 * server-rendered scan page, the host gives the scan's render the same head as elements, and the shell's
 * stylesheets apart, to inline.
 */
import { type HeadElement, writeElement } from '@medaille/scan-contract';
import { configScript, type ShellConfig } from './config.ts';
import { attribute, decodeEntities, type Token, tokenize } from './html.ts';

const CONFIG_SRC = '/config.js';
const NOINDEX: HeadElement = {
  tag: 'meta',
  attributes: [
    ['name', 'robots'],
    ['content', 'noindex'],
  ],
};
const HEAD_TAGS = new Set<HeadElement['tag']>(['meta', 'link', 'script', 'title', 'base']);

export interface ShellPage {
  tokens: Token[];
  /** The tokens of `<script src="/config.js"></script>`, first and last index; null when it has none. */
  config: { start: number; end: number } | null;
}

let last: { html: string; page: ShellPage } | null = null;

/** The shell's page read from its HTML; the same text is read once. */
export function shellPage(html: string): ShellPage {
  if (last?.html !== html) {
    const tokens = tokenize(html);
    const start = tokens.findIndex(
      (token) => token.kind === 'start' && token.name === 'script' && attribute(token, 'src') === CONFIG_SRC,
    );
    const end = tokens.findIndex((token, index) => index > start && token.kind === 'end' && token.name === 'script');
    last = { html, page: { tokens, config: start === -1 || end === -1 ? null : { start, end } } };
  }
  return last.page;
}

/**
 * Today's client-rendered page: the configuration inline and, on a scan page, `noindex` and the scan
 * remote's preloads when its manifest could be read.
 */
export function clientPage(
  page: ShellPage,
  config: ShellConfig,
  scan: { preloads: HeadElement[] | null } | null,
): string {
  const head = scan === null ? [] : [NOINDEX, ...(scan.preloads ?? [])];
  const inline = `<script>${configScript(config)}</script>${head.map(writeElement).join('')}`;
  const { config: tag } = page;
  return page.tokens
    .map((token, index) => {
      if (tag === null || index < tag.start || index > tag.end) return token.source;
      // The config script's tags and (empty) text give way to the inline script.
      return index === tag.start ? inline : '';
    })
    .join('');
}

/**
 * The head of a server-rendered scan page, as elements: the shell's, with the configuration inline followed
 * by `noindex` and the scan remote's preloads, and without its stylesheet preloads, which come back in
 * `stylesheets` (the shell's, by path) to be inlined.
 */
export function scanPageHead(
  page: ShellPage,
  config: ShellConfig,
  scanPreloads: HeadElement[],
): { head: HeadElement[]; stylesheets: string[] } {
  const head: HeadElement[] = [];
  const stylesheets: string[] = [];
  const { tokens } = page;
  const start = tokens.findIndex((token) => token.kind === 'start' && token.name === 'head');
  for (let index = start + 1; index > 0 && index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.kind === 'end' && token.name === 'head') break;
    if (token.kind !== 'start' || !HEAD_TAGS.has(token.name as HeadElement['tag'])) continue;
    const tag = token.name as HeadElement['tag'];
    if (index === page.config?.start) {
      // The scan remote's stylesheets are inlined too, not preloaded.
      const preloads = scanPreloads.filter((element) => !isStylePreload(element.attributes));
      head.push({ tag: 'script', attributes: [], text: configScript(config) }, NOINDEX, ...preloads);
      continue;
    }
    if (tag === 'link' && isStylePreload(token.attributes)) {
      stylesheets.push(attribute(token, 'href') ?? '');
      continue;
    }
    const next = tokens[index + 1];
    const text = tag === 'script' || tag === 'title' ? (next?.kind === 'text' ? next.source : '') : undefined;
    head.push({
      tag,
      attributes: token.attributes,
      ...(text === undefined ? {} : { text: tag === 'title' ? decodeEntities(text) : text }),
    });
  }
  return { head, stylesheets: stylesheets.filter(Boolean) };
}

function isStylePreload(attributes: [string, string][]): boolean {
  const value = (name: string) => attributes.find(([key]) => key === name)?.[1];
  return value('rel') === 'preload' && value('as') === 'style';
}
