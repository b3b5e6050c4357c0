/**
 * The shell's index.html as the host answers it, read once per build by parse5 (the WHATWG parser): every
 * page gets the configuration inline in place of `<script src="/config.js"></script>` (no round trip), cut
 * out at the offsets the parser gives, the rest of the page byte for byte; a scan page also gets `noindex`
 * (a finder's page is private) and the scan remote's files announced (docs/decisions/0005-tiny-scan-path.md), an
 * owner's page the portal's. For a server-rendered scan page, the host gives the scan's render the same head as
 * elements, and the shell's stylesheets apart, to inline.
 */
import { type HeadElement, SHELL_ROOT_ELEMENT_ID, writeElement } from '@medaille/scan-contract';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import { type DefaultTreeAdapterTypes as Html, parse } from 'parse5';
import { configScript } from './config.ts';
import { scriptlessStyles } from './scriptless.ts';

const CONFIG_SRC = '/config.js';
const NOINDEX: HeadElement = {
  tag: 'meta',
  attributes: [
    ['name', 'robots'],
    ['content', 'noindex'],
  ],
};
const HEAD_TAGS = new Set<string>(['meta', 'link', 'script', 'title', 'base']);
/** Where the config script stands among the head's elements. */
const CONFIG = 'config';

export interface ShellPage {
  /** The page as the build wrote it. */
  html: string;
  /** The config script's first and last character in `html`, as the parser read them; null when it has none. */
  config: { start: number; end: number } | null;
  /** The head's elements a render writes, in order, the config script's place marked, stylesheet preloads out. */
  head: (HeadElement | typeof CONFIG)[];
  /** The paths of the head's stylesheet preloads. */
  stylesheets: string[];
  /** The code of each inline script of the page, for the Content-Security-Policy. */
  scripts: string[];
  /**
   * The page from its `</head>` on, as the build wrote it: the body with the shell's empty root, which ends
   * a streamed scan page that could not be rendered.
   */
  afterHead: string;
  /** Where the body's content starts in `html` (right after `<body>`), as the parser read it; null without one. */
  bodyStart: number | null;
}

let last: ShellPage | null = null;

/** The shell's page read from its HTML; the same text is read once. */
export function shellPage(html: string): ShellPage {
  if (last?.html !== html) last = readPage(html);
  return last;
}

function readPage(html: string): ShellPage {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const configElement = elementsOf(document).find(
    (element) => element.tagName === 'script' && attribute(element, 'src') === CONFIG_SRC,
  );
  const location = configElement?.sourceCodeLocation;
  const page: ShellPage = {
    html,
    config: location ? { start: location.startOffset, end: location.endOffset } : null,
    head: [],
    stylesheets: [],
    scripts: elementsOf(document).filter(isInlineScript).map(textOf),
    // A page that does not close its head in writing: the shell's root alone.
    afterHead: `</head><body><div id="${SHELL_ROOT_ELEMENT_ID}"></div></body></html>`,
    bodyStart:
      elementsOf(document).find((element) => element.tagName === 'body')?.sourceCodeLocation?.startTag?.endOffset ??
      null,
  };
  const head = elementsOf(document).find((element) => element.tagName === 'head');
  const headEnd = head?.sourceCodeLocation?.endTag?.startOffset;
  if (headEnd !== undefined) page.afterHead = html.slice(headEnd);
  for (const node of head?.childNodes ?? []) {
    if (!('tagName' in node) || !HEAD_TAGS.has(node.tagName)) continue;
    const tag = node.tagName as HeadElement['tag'];
    const attributes = node.attrs.map(({ name, value }): [string, string] => [name, value]);
    if (node === configElement) page.head.push(CONFIG);
    else if (tag === 'link' && isStylePreload(attributes)) page.stylesheets.push(attribute(node, 'href') ?? '');
    else if (tag === 'script' || tag === 'title') page.head.push({ tag, attributes, text: textOf(node) });
    else page.head.push({ tag, attributes });
  }
  page.stylesheets = page.stylesheets.filter(Boolean);
  return page;
}

/** Every element under a node, in document order. */
export function elementsOf(node: Html.ParentNode): Html.Element[] {
  return node.childNodes.flatMap((child) => ('tagName' in child ? [child, ...elementsOf(child)] : []));
}

/** An element's text: a script's code as written, a title's with its character references decoded. */
export function textOf(element: Html.Element): string {
  return element.childNodes.map((child) => (child.nodeName === '#text' ? (child as Html.TextNode).value : '')).join('');
}

/** An attribute's value, as the parser decoded it, or null. */
export function attribute(element: Html.Element, name: string): string | null {
  return element.attrs.find((attr) => attr.name === name)?.value ?? null;
}

/**
 * The client-rendered page: the configuration inline and, after it, `noindex` (a scan page) and a remote's
 * preloads (the scan page's, an owner page's portal); `scriptless`, what a browser without JavaScript shows
 * (scriptless.ts), at the start of its body, with the shell's stylesheets for it.
 */
export function clientPage(
  page: ShellPage,
  config: DeployConfig,
  {
    noindex = false,
    preloads = [],
    scriptless,
  }: { noindex?: boolean; preloads?: HeadElement[]; scriptless?: string } = {},
): string {
  if (page.config === null) return page.html;
  const head = [...(noindex ? [NOINDEX] : []), ...preloads];
  const styles = scriptless !== undefined ? scriptlessStyles(page.stylesheets) : '';
  const inline = `<script>${configScript(config)}</script>${head.map(writeElement).join('')}${styles}`;
  const start = page.html.slice(0, page.config.start) + inline;
  const { bodyStart } = page;
  if (scriptless === undefined || bodyStart === null || bodyStart < page.config.end)
    return start + page.html.slice(page.config.end);
  return start + page.html.slice(page.config.end, bodyStart) + scriptless + page.html.slice(bodyStart);
}

/**
 * The head of a server-rendered scan page, as elements: the shell's, with the configuration inline followed
 * by `noindex` and the scan remote's preloads, and without its stylesheet preloads, which come back in
 * `stylesheets` (the shell's, by path) to be inlined.
 */
export function scanPageHead(
  page: ShellPage,
  config: DeployConfig,
  scanPreloads: HeadElement[],
): { head: HeadElement[]; stylesheets: string[] } {
  // The scan remote's stylesheets are inlined too, not preloaded.
  const preloads = scanPreloads.filter((element) => !isStylePreload(element.attributes));
  const head = page.head.flatMap((element) =>
    element === CONFIG
      ? [{ tag: 'script' as const, attributes: [], text: configScript(config) }, NOINDEX, ...preloads]
      : [element],
  );
  return { head, stylesheets: page.stylesheets };
}

/** A script the browser runs from its own text: no src, and a JavaScript type (not a data block). */
function isInlineScript(element: Html.Element): boolean {
  const type = attribute(element, 'type')?.trim().toLowerCase() ?? '';
  return (
    element.tagName === 'script' &&
    attribute(element, 'src') === null &&
    ['', 'text/javascript', 'module'].includes(type)
  );
}

function isStylePreload(attributes: [string, string][]): boolean {
  const value = (name: string) => attributes.find(([key]) => key === name)?.[1];
  return value('rel') === 'preload' && value('as') === 'style';
}
