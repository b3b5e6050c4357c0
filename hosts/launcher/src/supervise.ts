// `pnpm start` runs each part of the product in a process of its own and starts again one that dies, so that
// a crash of one (a `kill -9`, an out-of-memory kill, a fault in its code) leaves the others serving and the
// product mends itself without a person.
import { type ChildProcess, fork } from 'node:child_process';

/** What a part's process tells its parent once it serves (`ready`), or why it could not start (`failed`). */
export type PartMessage<Ready> = { ready: Ready } | { failed: { code?: string | undefined; message: string } };

/** The wait before each start again, doubling from one second to half a minute. */
export const RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
/** A process that served this long before it died is started again after the shortest wait. */
const STEADY_MS = 60_000;

export interface SupervisedProcess<Spec, Ready> {
  /** What the process said when it first served. */
  ready: Ready;
  /** The process that serves now (tests kill it). */
  pid(): number | undefined;
  /**
   * Gives later starts this spec, and brings the running process up to it with `message`; resolves with its
   * answer.
   */
  update(spec: Spec, message: unknown): Promise<unknown>;
  /** Stops the process and its supervision. */
  close(): Promise<void>;
}

export interface SuperviseOptions<Spec> {
  /** The part as the launcher's lines name it: 'the local stack'. */
  name: string;
  /** The process's module, forked with the spec as its one argument (JSON). */
  module: string;
  /** What the process is started with; `restartSpec` may change it once the first start is known. */
  spec: Spec;
  env: NodeJS.ProcessEnv;
  /** The process's lines, prefixed with its name where they are its own. */
  log?: (line: string) => void;
}

/**
 * Starts the process and waits until it serves; a failure of that first start comes back as its error (a busy
 * port, say). From then on, a process that exits without being told to is started again with `restartSpec`
 * (the port it first chose, say), after a wait that grows while it keeps dying, and the launcher says so.
 */
export async function superviseProcess<Spec, Ready>(
  options: SuperviseOptions<Spec> & { restartSpec?: (first: Ready, spec: Spec) => Spec },
): Promise<SupervisedProcess<Spec, Ready>> {
  const log = options.log ?? ((line: string) => console.error(line));
  let spec = options.spec;
  let child: ChildProcess;
  let exited: Promise<void>;
  let closing = false;
  let failures = 0;
  let pendingRestart: NodeJS.Timeout | undefined;

  /** Forks the process; resolves with what it says once it serves, rejects with why it could not. */
  function launch(): Promise<Ready> {
    child = fork(options.module, [JSON.stringify(spec)], {
      env: options.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const running = child;
    exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    return new Promise<Ready>((resolve, reject) => {
      running.once('message', (message: PartMessage<Ready>) => {
        if ('ready' in message) return resolve(message.ready);
        reject(Object.assign(new Error(message.failed.message), { code: message.failed.code }));
      });
      running.once('exit', (code, signal) =>
        reject(new Error(`${options.name} exited (${signal ?? code}) before serving`)),
      );
    });
  }

  /** Watches the serving process: when it dies unasked, starts it again after the wait. */
  function watch(servingSince: number) {
    const running = child;
    running.once('exit', (code, signal) => {
      if (closing) return;
      if (Date.now() - servingSince >= STEADY_MS) failures = 0;
      restartLater(`${options.name} stopped (${signal ? `killed by ${signal}` : `exit code ${code}`})`);
    });
  }

  function restartLater(what: string) {
    const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)] as number;
    failures += 1;
    log(`[launcher] ${what}; starting it again in ${delay / 1000} s`);
    pendingRestart = setTimeout(() => {
      pendingRestart = undefined;
      if (closing) return;
      launch().then(
        () => {
          if (closing) return void child.kill('SIGTERM');
          log(`[launcher] ${options.name} is serving again`);
          watch(Date.now());
        },
        (error: Error) => {
          if (!closing) restartLater(`${options.name} could not start again: ${error.message}`);
        },
      );
    }, delay);
  }

  const ready = await launch();
  spec = options.restartSpec?.(ready, spec) ?? spec;
  watch(Date.now());
  return {
    ready,
    pid: () => child.pid,
    update(next, message) {
      spec = next;
      const running = child;
      return new Promise((resolve, reject) => {
        running.once('message', resolve);
        running.once('exit', () => reject(new Error(`${options.name} exited before it answered`)));
        running.send(message as object);
      });
    },
    async close() {
      closing = true;
      clearTimeout(pendingRestart);
      if (child.connected) child.send('close');
      else if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * What a part's process does once it serves: tells its parent, then stops on the parent's word or with the
 * parent (its channel closes, even when the parent is killed). Ctrl-C reaches the whole process group: the
 * parent decides, so that it never takes a part's stopping for a crash.
 */
export function servePart<Ready>(ready: Ready, close: () => Promise<void>) {
  process.send?.({ ready } satisfies PartMessage<Ready>);
  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    await close();
    process.exit(0);
  }
  process.on('message', (message) => {
    if (message === 'close') void stop();
  });
  process.on('disconnect', () => void stop());
  // A parent that died while this process was starting is gone for good: no word will come.
  if (!process.connected) void stop();
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => void stop());
}

/** Tells the parent why the part could not start (a busy port, named by the parent), then exits. */
export function failPart(error: unknown): void {
  const { code, message } = error as NodeJS.ErrnoException;
  process.send?.({ failed: { code, message: message ?? String(error) } } satisfies PartMessage<never>, () =>
    process.exit(1),
  );
}
