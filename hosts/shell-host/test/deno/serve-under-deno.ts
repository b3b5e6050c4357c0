// The shell's host under real Deno, as an edge runtime runs it: the same handler, given the
// finder's address from Deno.serve's connection info. The shell's build comes from a static origin
// (SHELL_ASSETS), as on a platform whose static hosting sits beside the function.
// Prints `{"port": N}` once it listens on a free loopback port.
import { createShellHost } from '../../src/index.ts';

const env = (name: string) => {
  const value = Deno.env.get(name);
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const assetsOrigin = env('SHELL_ASSETS');
const host = createShellHost({
  config: JSON.parse(env('SHELL_CONFIG')),
  finderIdentitySecret: Deno.env.get('FINDER_IDENTITY_SECRET') || null,
  assets: (request) => {
    const url = new URL(request.url);
    return fetch(new URL(url.pathname + url.search, assetsOrigin), {
      method: request.method,
      headers: request.headers,
    });
  },
  log: (message) => console.error(message),
});

// As the launcher does: the route module loaded and compiled before the first finder comes.
await host.ready();
Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(JSON.stringify({ port })) },
  (request, info) => host.fetch(request, { clientAddress: info.remoteAddr.hostname }),
);
