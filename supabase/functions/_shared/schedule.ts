// The scheduled functions (deliver-outbox, sweep-photos, health-reminders) record each run they complete, so that
// `pnpm medals status` (operator_status) tells an operator a schedule that stopped or was never set up.
import { call, type ServiceDatabase } from './database.ts';

/** Records a completed run and what it did; never fails the run (the work is done). */
export async function recordScheduleRun(db: ServiceDatabase, name: string, outcome: Record<string, number>) {
  try {
    await call(db, 'record_schedule_run', { p_name: name, p_outcome: JSON.stringify(outcome) });
  } catch (error) {
    console.error(`[${name}] its run could not be recorded:`, error instanceof Error ? error.message : error);
  }
}
