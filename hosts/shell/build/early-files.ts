import { codeInPath, RESERVED_SEGMENTS } from '@medaille/routing';
import { SESSION_RENEWAL_MARGIN_S, storedSessionAsIs } from '@medaille/supabase/session-as-stored';
import { hasStoredSession, SESSION_STORAGE_KEY } from '@medaille/supabase/stored-session';
import type { RsbuildPlugin } from '@rsbuild/core';
import { minifiedScript } from './minified-script.ts';

/**
 * The chunks every page but a scan page runs (the app, and its router, jotai and auth state: the bootstrap's
 * `import('./app.tsx')` and rsbuild.config.ts's cache group), and the auth client's (supabase-js, as
 * @medaille/supabase's client names its import).
 */
export const APP_CHUNKS = ['app', 'app-shared'];
export const AUTH_CLIENT_CHUNK = 'supabase-js';

/**
 * The inline script for the shell's HTML: a page that is not a scan page asks for the app's chunks while the
 * scripts download, instead of once the bootstrap has run (on a phone, one request level, some 300 ms
 * earlier); in a browser that keeps a session supabase-js must renew before using it, it also asks for the auth
 * client, at a low priority, after the shell's own scripts, which must run before the page's next files are even
 * known. A session usable as stored needs no auth client before the page shows
 * (docs/decisions/0022-auth-client-after-the-page.md), a finder's scan page asks for nothing more, and a
 * signed-out visitor for no auth client. Made from the functions the scripts use, so the HTML cannot drift from
 * them: the path rule of `scanCodeOf`, `hasStoredSession` and `storedSessionAsIs`.
 */
export function earlyFilesScript(files: { app: string[]; authClient: string }): string {
  return `(function () {
  var SESSION_STORAGE_KEY = ${JSON.stringify(SESSION_STORAGE_KEY)};
  var SESSION_RENEWAL_MARGIN_S = ${JSON.stringify(SESSION_RENEWAL_MARGIN_S)};
  if ((${codeInPath.toString()})(location.pathname, ${JSON.stringify(RESERVED_SEGMENTS)}) !== null) return;
  function preload(href, priority) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    if (priority) link.fetchPriority = priority;
    document.head.appendChild(link);
  }
  ${JSON.stringify(files.app)}.forEach(function (href) { preload(href); });
  var storage = window.localStorage;
  var toRenew = (${hasStoredSession.toString()})(storage) && !(${storedSessionAsIs.toString()})(storage.getItem(SESSION_STORAGE_KEY), Date.now() / 1000);
  if (toRenew) preload(${JSON.stringify(files.authClient)}, 'low');
})();`;
}

/** Puts `earlyFilesScript` for the build's own chunks at the end of the HTML's head. */
export function pluginEarlyFiles(): RsbuildPlugin {
  return {
    name: 'medaille:early-files',
    setup(api) {
      api.modifyHTMLTags((tags, { compilation, assetPrefix }) => {
        const scriptsOf = (name: string) => {
          const files = [...(compilation.namedChunks.get(name)?.files ?? [])].filter((file) => file.endsWith('.js'));
          if (files.length === 0) throw new Error(`the build has no ${name} chunk`);
          return files.map((file) => `${assetPrefix.replace(/\/$/, '')}/${file}`);
        };
        const [authClient] = scriptsOf(AUTH_CLIENT_CHUNK) as [string];
        const script = earlyFilesScript({ app: APP_CHUNKS.flatMap(scriptsOf), authClient });
        tags.headTags.push({ tag: 'script', children: minifiedScript(script) });
        return tags;
      });
    },
  };
}
