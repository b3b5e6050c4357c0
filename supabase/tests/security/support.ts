// Tools for the authorization matrix over HTTP: tokens an attacker can make (signed by hand with
// node:crypto, no JWT library), a supabase-js client that presents any token and records what went over
// the wire, and the reading of an answer as one of the matrix's outcomes.
import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { fetchFrom, newClientAddress, type TestStack } from '@medaille/local-stack/testing';
import { createClient } from '@supabase/supabase-js';

/**
 * The test stack's JWT secret (docs/decisions/0002-local-supabase-compatible-stack.md): what a leaked default secret
 * would give an attacker.
 */
export const STACK_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** A secret that is not the stack's: what an attacker without the secret signs with. */
export const WRONG_SECRET = 'not-the-secret-of-this-project-but-just-as-long-1234567890';

type Claims = Record<string, unknown>;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json = (value: unknown) => base64url(JSON.stringify(value));

/** An HS256 JWT over `claims`, signed with `secret`. */
export function signHs256(claims: Claims, secret: string): string {
  const unsigned = `${json({ alg: 'HS256', typ: 'JWT' })}.${json(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/**
 * An ES256 JWT over `claims` signed with a key drawn here, not the project's, under the `kid` of the project's
 * own signing key (anyone can read it in the JWKS).
 */
export function signEs256WithAnotherKey(claims: Claims, kid: string): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const unsigned = `${json({ alg: 'ES256', typ: 'JWT', kid })}.${json(claims)}`;
  const signature = sign('sha256', Buffer.from(unsigned), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${unsigned}.${signature.toString('base64url')}`;
}

/** The kid of the project's ES256 signing key, as its JWKS publishes it ('' for a legacy project, which has none). */
export async function signingKid(stack: TestStack): Promise<string> {
  const { keys } = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: { kid: string }[];
  };
  return keys[0]?.kid ?? '';
}

/**
 * `Authorization` values for `userId` that a signed-in owner's function must refuse: an HS256 token signed with
 * another secret, an ES256 one signed with another key under the stack's kid, and an expired one signed with the
 * stack's own secret; and, as the control, `genuine`: the same claims signed with the stack's secret.
 */
export async function refusedBearers(stack: TestStack, userId: string) {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600 };
  return {
    forged: `Bearer ${signHs256(claims, WRONG_SECRET)}`,
    forgedEs256: `Bearer ${signEs256WithAnotherKey(claims, await signingKid(stack))}`,
    expired: `Bearer ${signHs256({ ...claims, iat: now - 7200, exp: now - 3600 }, STACK_JWT_SECRET)}`,
    genuine: `Bearer ${signHs256(claims, STACK_JWT_SECRET)}`,
  };
}

/** A JWT with `alg: none` and an empty signature. */
export function unsignedJwt(claims: Claims): string {
  return `${json({ alg: 'none', typ: 'JWT' })}.${json(claims)}.`;
}

export function claimsOf(token: string): Claims {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
}

/** `token` with its payload changed and its original header and signature kept. */
export function withEditedPayload(token: string, changes: Claims): string {
  const [header, , signature] = token.split('.');
  return `${header}.${json({ ...claimsOf(token), ...changes })}.${signature}`;
}

/** One request and its answer, as they went over the wire (the request body shortened, the answer whole). */
export interface Exchange {
  method: string;
  url: string;
  requestBody: string;
  status: number;
  responseText: string;
}

const shorten = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}…` : text);

function describeBody(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return shorten(body);
  return `<${(body as object).constructor?.name ?? typeof body}>`;
}

/** `fetch` from its own loopback address that records every exchange in `log`. */
function recordingFetch(log: Exchange[]): typeof fetch {
  const send = fetchFrom(newClientAddress());
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await send(input, init);
    const responseText = await response
      .clone()
      .text()
      .catch(() => '<unreadable>');
    log.push({
      method,
      url,
      requestBody: describeBody(init?.body),
      status: response.status,
      responseText,
    });
    return response;
  };
}

/** supabase-js's realtime client wants a WebSocket even when unused (Node 20 has none); nothing here uses it. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the authorization matrix');
  }
}

/**
 * supabase-js as a browser front-end creates it (its key as apikey: publishable, or anon in a legacy project), sending `token` as its Bearer
 * token on every service, from a client address of its own; `exchanges` lists what it sent and received.
 */
export function clientWithToken(stack: TestStack, token: string) {
  const exchanges: Exchange[] = [];
  const record = recordingFetch(exchanges);
  const headers = { apikey: stack.frontEndKey, Authorization: `Bearer ${token}` };
  const db = createClient(stack.url, stack.frontEndKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { headers: { Authorization: headers.Authorization }, fetch: record },
  });
  /** A plain GET with the same headers, for what supabase-js only hands out as a URL (public files). */
  const get = (url: string) => record(url, { headers });
  return { db, get, token, exchanges };
}

export type CallerContext = ReturnType<typeof clientWithToken>;

/**
 * What a caller got, in the matrix's words:
 * - 'allowed': the request succeeded and did what it asked (read A's rows, changed A's data, …);
 * - 'empty': it succeeded (2xx) but saw none of A's data and changed nothing;
 * - 'denied': Postgres privileges or row level security refused it (42501: PostgREST 401 for the anon
 *   role, 403 otherwise; Storage 400 with statusCode 403 "row-level security"), nothing changed;
 * - 'refused': the bearer token was refused before anything ran (PostgREST 401 PGRST301, or PGRST303
 *   when expired; Storage 400 with statusCode 403 and a signature or exp message; functions 401
 *   "Invalid JWT"; Auth 403 bad_jwt);
 * - a number: the request failed with that HTTP status for another reason, and nothing changed.
 */
export type Outcome = 'allowed' | 'empty' | 'denied' | 'refused' | number;

export type Service = 'rest' | 'storage' | 'functions' | 'auth';

export function outcomeOf(
  service: Service,
  answer: Exchange | undefined,
  tookEffect: boolean,
  caller: { anonRole: boolean; expired: boolean },
): Outcome | string {
  if (!answer) return 'no request was sent';
  if (answer.status >= 200 && answer.status < 300) return tookEffect ? 'allowed' : 'empty';
  const failed = failureOf(service, answer, caller);
  // A failed request must have changed nothing and shown nothing.
  return tookEffect ? `${failed}, yet it took effect` : failed;
}

function failureOf(service: Service, answer: Exchange, caller: { anonRole: boolean; expired: boolean }) {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(answer.responseText) as Record<string, unknown>;
  } catch {
    // Not JSON: the status alone says what happened.
  }
  const message = String(body.message ?? '');
  switch (service) {
    case 'rest': {
      if (body.code === 'PGRST301' || body.code === 'PGRST303') {
        const expected = caller.expired ? 'PGRST303' : 'PGRST301';
        return answer.status === 401 && body.code === expected ? 'refused' : `refused as ${answer.status} ${body.code}`;
      }
      if (body.code === '42501') {
        return answer.status === (caller.anonRole ? 401 : 403) ? 'denied' : `denied as ${answer.status}`;
      }
      return answer.status;
    }
    case 'storage': {
      if (body.statusCode === '403' && /row-level security/i.test(message)) return 'denied';
      if (body.statusCode === '403' && /signature|jwt|token|"exp"|expired/i.test(message)) {
        const expected = caller.expired ? /"exp"|expired/i : /signature|jwt|token/i;
        return expected.test(message) ? 'refused' : `refused as ${answer.status} ${message}`;
      }
      return answer.status;
    }
    case 'functions':
      return answer.status === 401 && body.msg === 'Invalid JWT' ? 'refused' : answer.status;
    case 'auth':
      return answer.status === 403 && (body.error_code ?? body.code) === 'bad_jwt' ? 'refused' : answer.status;
  }
}

/** One exchange as a line for a failure message: the exact request and answer. */
export function describeExchange(exchange: Exchange | undefined): string {
  if (!exchange) return 'no request';
  const body = exchange.requestBody ? ` ${exchange.requestBody}` : '';
  return `${exchange.method} ${exchange.url}${body} → ${exchange.status} ${shorten(exchange.responseText, 600)}`;
}
