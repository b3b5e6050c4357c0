// One Edge Function's handler.ts served by real Deno, for tests/deploy/rehearsal.test.ts: what index.ts does
// on Supabase's runtime, plus what the platform's gateway adds before a request reaches it. Run with the
// function's own deno.json: `deno run --config functions/NAME/deno.json … serve-under-deno.ts NAME`.
// Prints `{"port": N}` once it listens on a free loopback port.
import type { FunctionEnv } from '../../functions/_shared/env.ts';

type Handler = (request: Request, env: FunctionEnv) => Promise<Response>;

const [name] = Deno.args;
if (!name) throw new Error('usage: serve-under-deno.ts FUNCTION_NAME');
const { default: handler } = (await import(new URL(`../../functions/${name}/handler.ts`, import.meta.url).href)) as {
  default: Handler;
};

Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(JSON.stringify({ port })) },
  (request, info) => {
    // Who the client is comes from the socket, as Cloudflare sets it, replacing any value the client sent
    // (docs/decisions/0009-client-identity-from-gateway.md).
    const headers = new Headers(request.headers);
    headers.set('cf-connecting-ip', info.remoteAddr.hostname);
    return handler(new Request(request, { headers }), Deno.env.toObject() as unknown as FunctionEnv);
  },
);
