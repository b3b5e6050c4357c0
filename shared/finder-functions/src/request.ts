import type { DeployConfig } from '@medaille/supabase/deploy-config';

/** Where the finder's functions answer: the deploy-time configuration's backend and its public key. */
export type FunctionsEndpoint = Pick<DeployConfig, 'supabaseUrl' | 'supabaseAnonKey'>;

/**
 * POSTs a JSON body to one of the finder's server functions with the public key, and only that (the scan page
 * loads no supabase-js; the host adds the finder's signed address in `extra.headers`). Self-contained, as
 * `codeInPath` is: the shell's HTML carries its source (early-profile.ts), so comments stay outside its body.
 * The function's URL is parsed against the configured one, with or without its trailing slash.
 */
export function requestFinderFunction(
  endpoint: FunctionsEndpoint,
  name: string,
  body: unknown,
  extra?: { headers?: Record<string, string>; signal?: AbortSignal; fetch?: typeof fetch },
): Promise<Response> {
  const base = endpoint.supabaseUrl;
  const url = new URL(`functions/v1/${name}`, base.endsWith('/') ? base : `${base}/`);
  return (extra?.fetch ?? fetch)(url.href, {
    method: 'POST',
    headers: Object.assign(
      {
        apikey: endpoint.supabaseAnonKey,
        authorization: `Bearer ${endpoint.supabaseAnonKey}`,
        'content-type': 'application/json',
      },
      extra?.headers,
    ),
    body: JSON.stringify(body),
    signal: extra?.signal,
  });
}

/**
 * The picture of a search page's shared link (the search-card function, read by GET): what the page's Open Graph
 * card points to and the loss panel offers, in the page's language.
 */
export function searchCardUrl(endpoint: Pick<FunctionsEndpoint, 'supabaseUrl'>, searchId: string, language: string) {
  const base = endpoint.supabaseUrl;
  const url = new URL('functions/v1/search-card', base.endsWith('/') ? base : `${base}/`);
  url.search = new URLSearchParams({ id: searchId, lang: language }).toString();
  return url.href;
}
