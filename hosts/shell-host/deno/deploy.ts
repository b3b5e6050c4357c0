// The shell's host on Deno Deploy (or any Deno): the project's entry point. Build step `pnpm install && pnpm
// build`; set MEDAILLE_CONFIG (the DeployConfig as JSON: supabaseUrl, supabaseAnonKey, each remote's
// mf-manifest.json URL) and FINDER_IDENTITY_SECRET (the functions' own). The shell's build is served from
// hosts/shell/dist (SHELL_BUILD, a folder, to serve another). GET /healthz is for the platform's health check.
// PORT and HOSTNAME are for running it elsewhere (Deno Deploy chooses its own); it prints `{"port": N}` once
// it listens. RENDER_BUDGET_MS, optional, is how long a scan page may wait for its profile before the
// client-rendered page is sent instead (the host's default otherwise).
import { createShellHost } from '../src/index.ts';
import { staticBuild } from './static-build.ts';

const config = Deno.env.get('MEDAILLE_CONFIG');
if (!config) throw new Error('MEDAILLE_CONFIG is not set: the DeployConfig as JSON');
const buildFolder = Deno.env.get('SHELL_BUILD');
const host = createShellHost({
  config: JSON.parse(config),
  finderIdentitySecret: Deno.env.get('FINDER_IDENTITY_SECRET') || null,
  ...(Deno.env.get('RENDER_BUDGET_MS') ? { renderBudgetMs: Number(Deno.env.get('RENDER_BUDGET_MS')) } : {}),
  assets: staticBuild(
    buildFolder ? new URL(`file://${buildFolder.replace(/\/?$/, '/')}`) : new URL('../../shell/dist/', import.meta.url),
  ),
});

Deno.serve(
  {
    port: Number(Deno.env.get('PORT') ?? 8000),
    hostname: Deno.env.get('HOSTNAME') ?? '0.0.0.0',
    onListen: ({ port }) => console.log(JSON.stringify({ port })),
  },
  (request, info) => host.fetch(request, { clientAddress: info.remoteAddr.hostname }),
);
