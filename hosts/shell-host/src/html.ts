/**
 * The shell's index.html read as tokens (tags with their attributes, and the text between them), each with
 * its exact source: the host changes a page by replacing or leaving out whole tokens, never by searching its
 * text. Enough of HTML's tokenizer for a page a build wrote: comments, the doctype, and the raw text of
 * <script>, <style>, <title> and <textarea> (where a `<` is no tag).
 */

export type Token =
  | { kind: 'start'; name: string; attributes: [string, string][]; source: string }
  | { kind: 'end'; name: string; source: string }
  | { kind: 'text'; source: string };

const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea']);

const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';
const isLetter = (char: string | undefined) =>
  char !== undefined && ((char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z'));

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let text = 0;
  let at = 0;
  const flushText = (end: number) => {
    if (end > text) tokens.push({ kind: 'text', source: html.slice(text, end) });
  };
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) break;
    const next = html[open + 1];
    let end: number;
    if (html.startsWith('<!--', open)) {
      end = html.indexOf('-->', open + 4);
      end = end === -1 ? html.length : end + 3;
      // Comments and the doctype stay text: nothing the host changes.
      at = end;
      continue;
    }
    if (next === '!' || next === '?') {
      end = html.indexOf('>', open);
      at = end === -1 ? html.length : end + 1;
      continue;
    }
    const closing = next === '/';
    if (!isLetter(closing ? html[open + 2] : next)) {
      at = open + 1;
      continue;
    }
    flushText(open);
    const tag = readTag(html, open + (closing ? 2 : 1));
    const source = html.slice(open, tag.end);
    if (closing) tokens.push({ kind: 'end', name: tag.name, source });
    else tokens.push({ kind: 'start', name: tag.name, attributes: tag.attributes, source });
    at = tag.end;
    text = at;
    if (!closing && RAW_TEXT.has(tag.name)) {
      const close = html.toLowerCase().indexOf(`</${tag.name}`, at);
      at = close === -1 ? html.length : close;
      flushText(at);
      text = at;
    }
  }
  flushText(html.length);
  return tokens;
}

/** A tag's name and attributes from just after `<` or `</`, and where it ends (after its `>`). */
function readTag(html: string, from: number): { name: string; attributes: [string, string][]; end: number } {
  let at = from;
  while (at < html.length && !isSpace(html[at]) && html[at] !== '/' && html[at] !== '>') at += 1;
  const name = html.slice(from, at).toLowerCase();
  const attributes: [string, string][] = [];
  for (;;) {
    while (isSpace(html[at]) || html[at] === '/') at += 1;
    if (at >= html.length) return { name, attributes, end: html.length };
    if (html[at] === '>') return { name, attributes, end: at + 1 };
    const start = at;
    while (at < html.length && !isSpace(html[at]) && !['/', '>', '='].includes(html[at] as string)) at += 1;
    const attribute = html.slice(start, at).toLowerCase();
    while (isSpace(html[at])) at += 1;
    let value = '';
    if (html[at] === '=') {
      at += 1;
      while (isSpace(html[at])) at += 1;
      const quote = html[at];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, at + 1);
        const stop = close === -1 ? html.length : close;
        value = html.slice(at + 1, stop);
        at = stop + 1;
      } else {
        const begin = at;
        while (at < html.length && !isSpace(html[at]) && html[at] !== '>') at += 1;
        value = html.slice(begin, at);
      }
    }
    attributes.push([attribute, decodeEntities(value)]);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** The few character references a build writes in an attribute or a title. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  let decoded = '';
  let at = 0;
  while (at < text.length) {
    const amp = text.indexOf('&', at);
    if (amp === -1) break;
    const semicolon = text.indexOf(';', amp);
    const entity = semicolon === -1 ? undefined : ENTITIES[text.slice(amp + 1, semicolon)];
    decoded += text.slice(at, amp) + (entity ?? '&');
    at = entity === undefined ? amp + 1 : semicolon + 1;
  }
  return decoded + text.slice(at);
}

/** An attribute's value, or null. */
export function attribute(token: Token, name: string): string | null {
  return token.kind === 'start' ? (token.attributes.find(([key]) => key === name)?.[1] ?? null) : null;
}
