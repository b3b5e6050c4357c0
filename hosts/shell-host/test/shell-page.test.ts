// The host's reading of the shell's HTML: the page comes back byte for byte but for the config script, and the
// head's elements come out as the browser would read them (a script's `<div>` is no tag, `&amp;` is `&`).
import type { HeadElement } from '@medaille/scan-contract';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import { describe, expect, it } from 'vitest';
import { configScript } from '../src/config.ts';
import { clientPage, scanPageHead, shellPage } from '../src/shell-page.ts';

const config: DeployConfig = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon',
  remotes: { scan: 'http://127.0.0.1:3001/mf-manifest.json', portal: 'http://127.0.0.1:3002/mf-manifest.json' },
};
const before = `<!doctype html>\r\n<!-- a <script src="/config.js"></script> in a comment --><html lang=fr><head><title>Médaille &amp; B</title><meta charset=UTF-8>\r\n  `;
const configTag = `<SCRIPT Src='/config.js'></script >`;
const after = `<script>if (a < b) document.write("<div>")</script><link href="/a.css?x=1&amp;y=2" rel='preload' as=style><script defer src="/i.js"></script></head><body><div id="root"></div></body></html>\n`;
const html = before + configTag + after;
const scanPreloads: HeadElement[] = [
  {
    tag: 'link',
    attributes: [
      ['rel', 'preload'],
      ['href', 'http://127.0.0.1:3001/scan.js'],
      ['as', 'script'],
    ],
  },
  {
    tag: 'link',
    attributes: [
      ['rel', 'preload'],
      ['href', 'http://127.0.0.1:3001/scan.css'],
      ['as', 'style'],
    ],
  },
];

describe('clientPage', () => {
  it('gives the page back byte for byte, the config script replaced by the configuration inline', () => {
    const inline = `<script>${configScript(config)}</script>`;
    expect(clientPage(shellPage(html), config)).toBe(before + inline + after);
  });

  it('adds noindex and the scan remote’s preloads on a scan page', () => {
    const page = clientPage(shellPage(html), config, { noindex: true, preloads: scanPreloads.slice(0, 1) });
    expect(page).toBe(
      `${before}<script>${configScript(config)}</script><meta name="robots" content="noindex"><link rel="preload" href="http://127.0.0.1:3001/scan.js" as="script">${after}`,
    );
  });

  it('adds a remote’s preloads alone on another page (an owner’s, the portal’s)', () => {
    const page = clientPage(shellPage(html), config, { preloads: scanPreloads.slice(0, 1) });
    expect(page).toBe(
      `${before}<script>${configScript(config)}</script><link rel="preload" href="http://127.0.0.1:3001/scan.js" as="script">${after}`,
    );
  });

  it('leaves a page without the config script as it is', () => {
    const page = before + after;
    expect(clientPage(shellPage(page), config, { noindex: true, preloads: scanPreloads })).toBe(page);
  });
});

describe('scanPageHead', () => {
  it('gives the head as elements: decoded attributes and title, a script’s text as written, stylesheets apart', () => {
    const { head, stylesheets } = scanPageHead(shellPage(html), config, scanPreloads);
    expect(head).toEqual([
      { tag: 'title', attributes: [], text: 'Médaille & B' },
      { tag: 'meta', attributes: [['charset', 'UTF-8']] },
      { tag: 'script', attributes: [], text: configScript(config) },
      {
        tag: 'meta',
        attributes: [
          ['name', 'robots'],
          ['content', 'noindex'],
        ],
      },
      scanPreloads[0],
      { tag: 'script', attributes: [], text: 'if (a < b) document.write("<div>")' },
      {
        tag: 'script',
        attributes: [
          ['defer', ''],
          ['src', '/i.js'],
        ],
        text: '',
      },
    ]);
    expect(stylesheets).toEqual(['/a.css?x=1&y=2']);
  });
});
