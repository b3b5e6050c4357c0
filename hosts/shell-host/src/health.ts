// GET /healthz: what a platform's health check calls. The host answers (it runs this), and says whether what
// its pages need answers too: the backend (GoTrue's health route, with the project's public key) and each
// remote's manifest. 200 when everything answers, 503 otherwise, so that a check can alert or restart.
import type { DeployConfig } from '@medaille/supabase/deploy-config';

/** How long a dependency may take before it counts as not answering. */
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
type State = 'ok' | 'unreachable';

export interface Health {
  status: 'ok' | 'degraded';
  host: 'ok';
  backend: State;
  remotes: { scan: State; portal: State };
}

/** Whether `url` answers a GET with a success within the time allowed. */
async function answers(outgoing: Fetch, url: string, headers: Record<string, string> = {}): Promise<State> {
  try {
    const response = await outgoing(url, { headers, signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok ? 'ok' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** The host's health, each dependency asked at once. */
export async function health(config: DeployConfig, outgoing: Fetch): Promise<Health> {
  const [backend, scan, portal] = await Promise.all([
    answers(outgoing, `${config.supabaseUrl}/auth/v1/health`, { apikey: config.supabaseAnonKey }),
    answers(outgoing, config.remotes.scan),
    answers(outgoing, config.remotes.portal),
  ]);
  const everything = backend === 'ok' && scan === 'ok' && portal === 'ok';
  return { status: everything ? 'ok' : 'degraded', host: 'ok', backend, remotes: { scan, portal } };
}

/** The answer to GET /healthz: the health as JSON, never cached. */
export async function healthAnswer(config: DeployConfig, outgoing: Fetch): Promise<Response> {
  const state = await health(config, outgoing);
  return new Response(JSON.stringify(state), {
    status: state.status === 'ok' ? 200 : 503,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
