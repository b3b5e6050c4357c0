import type { TestStack } from '@medaille/local-stack/testing';

/**
 * deliver-outbox as pg_cron (or the stack's timer) calls it every minute: the secret key in apikey. Answers its
 * status and body; `key` is another caller's, to see it refused.
 */
export async function runDeliverOutbox(stack: TestStack, key = stack.secretKey) {
  const response = await fetch(`${stack.url}/functions/v1/deliver-outbox`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
