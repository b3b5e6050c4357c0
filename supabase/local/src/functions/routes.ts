// /functions/v1/{name}: runs the same handler modules that supabase/functions deploys as Edge Functions.
// Each function folder has a thin Deno entry (index.ts) and a handler.ts whose default export is
// `(request, env) => Response`; the stack imports handler.ts and calls it with the stack's own keys, and with
// a fetch of its own as the platform's (runtime.ts), through which their calls back to the stack are answered
// in this process.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INTERNAL_ERROR_MESSAGE } from '@medaille/domain';
import { Hono } from 'hono';
import { callerOf, type StackEnv } from '../http/gateway.ts';
import { tokenAlgorithm } from '../jwt.ts';
import { runWithFetch } from './runtime.ts';

/** What Supabase gives every Edge Function in its environment. */
export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  /** The new API keys, JSON by name (`{"default":"sb_…"}`); a legacy project has none. */
  SUPABASE_PUBLISHABLE_KEYS?: string;
  SUPABASE_SECRET_KEYS?: string;
  [name: string]: string | undefined;
}

export type FunctionHandler = (request: Request, env: FunctionEnv) => Promise<Response> | Response;

/** What the platform gives a function besides its request: its environment, and the fetch it calls out with. */
export interface FunctionRuntime {
  env: FunctionEnv;
  fetch: typeof fetch;
}

/** Imports every function folder's handler.ts (folders starting with _ hold shared code). */
export async function loadFunctions(dir: string): Promise<Map<string, FunctionHandler>> {
  const handlers = new Map<string, FunctionHandler>();
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
    const module = (await import(pathToFileURL(join(dir, entry.name, 'handler.ts')).href)) as {
      default?: FunctionHandler;
    };
    if (typeof module.default !== 'function')
      throw new Error(`supabase/functions/${entry.name}/handler.ts has no default export`);
    handlers.set(entry.name, module.default);
  }
  return handlers;
}

/**
 * `publicFunctions` are those config.toml serves with `verify_jwt = false`: the gateway lets any request
 * through to them, and they check what they need themselves.
 */
export function functionRoutes(
  handlers: Map<string, FunctionHandler>,
  runtime: () => FunctionRuntime,
  publicFunctions: ReadonlySet<string> = new Set(),
) {
  const app = new Hono<StackEnv>();
  // /functions/v1/{name} and its sub-paths all go to the function, as on Supabase.
  app.all('/:name/*', async (c) => {
    const name = c.req.param('name');
    const handler = handlers.get(name);
    if (!handler) return c.text('Function not found', 404);
    // Otherwise Supabase verifies the caller's JWT before a function runs (verify_jwt, on by default), with the
    // legacy JWT secret only: a publishable or secret key (sb_…) is no JWT, and a user token signed with the new
    // asymmetric keys (ES256) is refused as well, which is why the project's functions turn the check off.
    if (!publicFunctions.has(name)) {
      const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
      if (!bearer) return c.json({ msg: 'Error: Missing authorization header' }, 401);
      if (tokenAlgorithm(bearer) !== 'HS256' || callerOf(c).tokenError) return c.json({ msg: 'Invalid JWT' }, 401);
    }
    try {
      const { env, fetch } = runtime();
      return await runWithFetch(fetch, () => handler(c.req.raw, env));
    } catch (error) {
      console.error(`[functions] ${c.req.param('name')}`, error);
      return c.json({ error: INTERNAL_ERROR_MESSAGE }, 500);
    }
  });
  return app;
}
