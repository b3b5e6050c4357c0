// The shell's build served from its folder, as static hosting does: a file for its path, `index.html` for any
// other path without an extension (the SPA fallback the host relies on), nothing outside the folder.
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
};

const extensionOf = (path: string) => /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';

/** A file of the folder, or null when the path is none (or leaves the folder). */
async function fileOf(root: URL, path: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string } | null> {
  const segments = path.split('/').filter(Boolean);
  if (segments.some((segment) => segment === '..' || segment.includes('\\'))) return null;
  const url = new URL(segments.join('/'), root);
  if (!url.href.startsWith(root.href)) return null;
  try {
    if (!(await Deno.stat(url)).isFile) return null;
    return { bytes: await Deno.readFile(url), type: TYPES[extensionOf(path)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/** The `assets` of createShellHost for the shell's build in `root` (a folder URL, ending with a slash). */
export function staticBuild(root: URL) {
  return async (request: Request): Promise<Response> => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return new Response('Bad Request', { status: 400 });
    }
    const file = (await fileOf(root, path)) ?? (extensionOf(path) === '' ? await fileOf(root, '/index.html') : null);
    if (!file) return new Response('Not Found', { status: 404 });
    // The hashed files under static/ never change; anything else is asked again.
    const cache = path.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    return new Response(request.method === 'HEAD' ? null : file.bytes, {
      headers: { 'Content-Type': file.type, 'Cache-Control': cache },
    });
  };
}
