// The local stack's stand-in for the pg_cron jobs that run Edge Functions on hosted Supabase
// (supabase/schedules/*.sql: sweep-photos, deliver-outbox, health-reminders): the same function, through the
// same gateway, with the service role's key in `apikey` as the job sends it. The first run comes after
// `firstDelayMs`, then one every interval. The timer never keeps the process alive, and stopping it waits for a
// run under way, so that the database is not closed under it.

/** The longest delay setTimeout keeps (a longer one would fire at once). */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

export interface ScheduleTiming {
  firstDelayMs: number;
  /** 0 starts nothing. */
  intervalMs: number;
}

/** Starts calling the function `name` with `call`; answers what stops it. */
export function startSchedule(
  name: string,
  call: () => Promise<Response>,
  { firstDelayMs, intervalMs }: ScheduleTiming,
): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function runOnce() {
    try {
      const response = await call();
      const text = await response.text();
      if (!response.ok) console.error(`[stack] ${name} answered ${response.status}: ${text}`);
    } catch (error) {
      console.error(`[stack] ${name} failed`, error);
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
