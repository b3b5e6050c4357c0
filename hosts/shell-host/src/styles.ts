/**
 * The stylesheets of a server-rendered scan page, read for the render to inline: the page is styled before
 * any script runs (and without one), with no render-blocking request to the shell or to the scan remote's
 * other origin. Their files are content-hashed, so each is read once and kept.
 */
import type { Stylesheet } from '@medaille/scan-contract';

/** Stands for the shell's own origin in the URLs of its files (the request's Host is the client's to write). */
export const SHELL_ORIGIN = 'http://shell.invalid';

const STYLE_TIMEOUT_MS = 10_000;
const MAX_KEPT = 64;

export function stylesheets(assets: (request: Request) => Promise<Response>, outgoing: typeof fetch) {
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
        : outgoing(url, { signal });
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
     * The stylesheets' texts, in order. `loaderName`: the name under which the chunk loader that would load
     * it (rspack's CSS extraction) looks for it on the page.
     */
    async read(styles: { url: URL; loaderName: string }[], pageUrl: URL): Promise<Stylesheet[]> {
      const texts = await Promise.all(styles.map(({ url }) => read(url, pageUrl)));
      return styles.map(({ url, loaderName }, index) => ({
        href: url.origin === SHELL_ORIGIN ? url.pathname : url.href,
        loaderName,
        css: texts[index] as string,
      }));
    },
  };
}
