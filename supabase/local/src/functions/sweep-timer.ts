// The local stack's stand-in for the pg_cron job that runs sweep-photos on hosted Supabase
// (supabase/schedules/sweep-photos.sql): the same function, through the same gateway, with the service role's
// key in `apikey` as the job sends it. The first run comes shortly after start, then one every interval.
// The timer never keeps the process alive, and stopping it waits for a run under way, so that the database
// is not closed under it.

/** The longest delay setTimeout keeps (a longer one would fire at once). */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** Starts calling `sweep`; answers what stops it. An interval of 0 starts nothing. */
export function startPhotoSweep(
  sweep: () => Promise<Response>,
  { firstDelayMs, intervalMs }: { firstDelayMs: number; intervalMs: number },
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function runOnce() {
    try {
      const response = await sweep();
      const text = await response.text();
      if (!response.ok) console.error(`[stack] sweep-photos answered ${response.status}: ${text}`);
    } catch (error) {
      console.error('[stack] sweep-photos failed', error);
    }
  }

  function schedule(delayMs: number) {
    timer = setTimeout(
      () => {
        running = runOnce().finally(() => {
          if (!stopped) schedule(intervalMs);
        });
      },
      Math.min(delayMs, LONGEST_DELAY_MS),
    );
    timer.unref();
  }

  schedule(firstDelayMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
