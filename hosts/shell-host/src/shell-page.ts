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
  /** The index of `<script src="/config.js">`'s start token, or -1. */
  config: number;
}

let last: { html: string; page: ShellPage } | null = null;

/** The shell's page read from its HTML; the same text is read once. */
export function shellPage(html: string): ShellPage {
  if (last?.html !== html) {
    const tokens = tokenize(html);
    const config = tokens.findIndex(
      (token) => token.kind === 'start' && token.name === 'script' && attribute(token, 'src') === CONFIG_SRC,
    );
    last = { html, page: { tokens, config } };
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
  const inline = `<script>${configScript(config)}</script>${scan === null ? '' : [NOINDEX, ...(scan.preloads ?? [])].map(writeElement).join('')}`;
  return page.tokens
    .map((token, index) => {
      if (index === page.config) return inline;
      // The config script's empty text and end tag go with it.
      if (page.config !== -1 && index > page.config && index <= configEnd(page)) return '';
      return token.source;
    })
    .join('');
}

function configEnd(page: ShellPage): number {
  const end = page.tokens.findIndex(
    (token, index) => index > page.config && token.kind === 'end' && token.name === 'script',
  );
  return end === -1 ? page.config : end;
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
    if (index === page.config) {
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
