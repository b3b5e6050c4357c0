import { fetchFrom, newClientAddress, type TestStack } from '@medaille/local-stack/testing';

export { newClientAddress };

/**
 * Calls a function as the scan page does (anon key, JSON body) from a loopback address of its own, so each
 * test has its own rate limits; answers status, body and raw text. `headers` adds to the page's own.
 */
export async function invoke(
  stack: TestStack,
  name: string,
  payload: unknown,
  address = newClientAddress(),
  headers: Record<string, string> = {},
) {
  const response = await fetchFrom(address)(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests look into the JSON answers field by field.
  const body = JSON.parse(text) as Record<string, any>;
  return { status: response.status, headers: response.headers, text, body };
}
