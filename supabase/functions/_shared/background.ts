// Work a function goes on with after its answer is sent: the attempts at the e-mails it has stored in the
// outbox and at the pushes, so that nobody's answer waits for a provider
// (docs/decisions/0014-todays-supabase-platform.md: store first, then deliver).

/**
 * Lets `work` run on after the response: through the platform's `EdgeRuntime.waitUntil` (hosted Supabase's edge
 * runtime; the local stack gives its own, which it awaits before it closes and before its mailbox answers),
 * else the promise runs on by itself (plain Deno keeps running until it settles). `work` must not throw.
 */
export function inBackground(work: Promise<void>): void {
  const runtime = (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<void>): void } }).EdgeRuntime;
  runtime?.waitUntil(work);
}
