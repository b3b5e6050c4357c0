/**
 * The stylesheets of a server-rendered scan page, inline: the page is styled before any script runs (and
 * without one), with no render-blocking request to the shell or to the scan remote's other origin. Their
 * files are content-hashed, so each is read once and kept.
 */
import { escapeHtml } from './config.ts';

/** Stands for the shell's own origin in the URLs of its files (the request's Host is the client's to write). */
export const SHELL_ORIGIN = 'http://shell.invalid';

const STYLE_TIMEOUT_MS = 10_000;
const MAX_KEPT = 64;

export function stylesheets(assets: (request: Request) => Promise<Response>) {
  const kept = new Map<string, Promise<string>>();

  function read(url: URL, pageUrl: URL): Promise<string> {
    const shellFile = url.origin === SHELL_ORIGIN;
    const key = shellFile ? `shell:${url.pathname}` : url.href;
    let text = kept.get(key);
    if (!text) {
      if (kept.size >= MAX_KEPT) kept.clear();
      const signal = AbortSignal.timeout(STYLE_TIMEOUT_MS);
      const response = shellFile
        ? assets(new Request(new URL(url.pathname, pageUrl), { signal }))
        : fetch(url, { signal });
      text = response.then((answer) => {
        if (!answer.ok) throw new Error(`${url.pathname} answered ${answer.status}`);
        return answer.text();
      });
      kept.set(key, text);
      // A failed read is tried again by the next page.
      text.catch(() => kept.delete(key));
    }
    return text;
  }

  return {
    /**
     * `<style>` elements for the stylesheets, in order; a link for one that cannot be inlined as it is.
     * `loaderName`: the name under which the chunk loader that would load it (rspack's CSS extraction)
     * looks for it on the page, written as `data-href`, so that it takes the chunk's stylesheet for loaded.
     */
    async head(styles: { url: URL; loaderName: string }[], pageUrl: URL): Promise<string> {
      const texts = await Promise.all(styles.map(({ url }) => read(url, pageUrl)));
      return texts
        .map((css, index) => {
          const { url, loaderName } = styles[index] as { url: URL; loaderName: string };
          // Relative url() and @import would resolve against the page, and `</style` would end the element.
          if (/url\(|@import|<\/style/i.test(css)) {
            const href = url.origin === SHELL_ORIGIN ? url.pathname : url.href;
            return `<link rel="stylesheet" href="${escapeHtml(href)}">`;
          }
          return `<style data-href="${escapeHtml(loaderName)}">${css}</style>`;
        })
        .join('');
    },
  };
}
