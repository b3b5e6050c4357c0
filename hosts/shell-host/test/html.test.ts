// The host's reading of the shell's HTML as tokens: a page's text comes back whole, a script's `<` is no tag.
import { describe, expect, it } from 'vitest';
import { attribute, tokenize } from '../src/html.ts';

describe('tokenize', () => {
  const page = `<!doctype html><!-- a <b> comment --><html lang=fr><head><title>A &amp; B</title><script>if (a < b) document.write("<div>")</script><link href="/a.css?x=1&amp;y=2" rel='preload' as=style><script defer src="/i.js"></script></head><body><div id="root"></div></body></html>`;

  it('gives the page back byte for byte, joined', () => {
    expect(
      tokenize(page)
        .map((token) => token.source)
        .join(''),
    ).toBe(page);
  });

  it('reads attributes quoted or not, with their character references, and a script’s text as text', () => {
    const tokens = tokenize(page);
    const starts = tokens.filter((token) => token.kind === 'start').map((token) => token.name);
    expect(starts).toEqual(['html', 'head', 'title', 'script', 'link', 'script', 'body', 'div']);
    const link = tokens.find((token) => token.kind === 'start' && token.name === 'link');
    expect(link && attribute(link, 'href')).toBe('/a.css?x=1&y=2');
    expect(link && attribute(link, 'rel')).toBe('preload');
    expect(link && attribute(link, 'as')).toBe('style');
    const script = tokens.findIndex((token) => token.kind === 'start' && token.name === 'script');
    expect(tokens[script + 1]).toEqual({ kind: 'text', source: 'if (a < b) document.write("<div>")' });
    expect(
      tokens.find((token) => token.kind === 'start' && token.name === 'script' && attribute(token, 'defer') === ''),
    ).toBeDefined();
  });
});
