// One of the product's web deployments in a process of its own, for `pnpm start`: a remote's static hosting,
// or the shell through its host. A crash of one leaves the others serving, and the launcher starts it again
// (supervise.ts). The shell's process listens before the stack starts (e-mail links lead to it, so the stack
// must know its address) and answers 'Starting' until its parent gives it the host's configuration; started
// again, it gets that configuration from the start.
import { createShellHost, type ShellHost } from '@medaille/shell-host';
import type { DeployConfig } from '@medaille/supabase/deploy-config';
import { serveStaticSite, serveWebHandler, staticSiteHandler } from './static-site.ts';
import { failPart, servePart } from './supervise.ts';

/** What the shell's host is made with, once the backend is known. */
export interface HostSpec {
  config: DeployConfig;
  finderIdentitySecret: string | null;
}

export type SiteProcessSpec =
  | { kind: 'static'; root: string; port: number }
  | { kind: 'shell'; root: string; port: number; host: HostSpec | null };

export interface SiteProcessReady {
  url: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as SiteProcessSpec;

async function serveShell(shell: Extract<SiteProcessSpec, { kind: 'shell' }>) {
  let host: ShellHost | null = null;
  async function makeHost(hostSpec: HostSpec) {
    const made = createShellHost({
      ...hostSpec,
      // The shell's build as its static hosting serves it (brotli or gzip, caching, the SPA fallback).
      assets: staticSiteHandler({ root: shell.root, spaFallback: true }),
    });
    // The scan remote's server entry loaded before the host serves pages: the first finder gets one rendered.
    await made.ready();
    host = made;
  }
  if (shell.host) await makeHost(shell.host);
  else {
    process.on('message', (message: { configure?: HostSpec }) => {
      if (message.configure) void makeHost(message.configure).then(() => process.send?.({ configured: true }));
    });
  }
  return serveWebHandler({
    port: shell.port,
    // The host as an edge runtime runs it, given the finder's address from the socket
    // (docs/decisions/0009-client-identity-from-gateway.md).
    fetch: (request, clientAddress) =>
      host ? host.fetch(request, { clientAddress }) : Promise.resolve(new Response('Starting', { status: 503 })),
    compressResponses: true,
  });
}

await (spec.kind === 'shell' ? serveShell(spec) : serveStaticSite({ root: spec.root, port: spec.port })).then(
  (site) => servePart<SiteProcessReady>({ url: site.url }, site.close),
  failPart,
);
