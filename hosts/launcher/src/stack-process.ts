// The local stack in a process of its own, for `pnpm start`: a client that uses up the file
// descriptors or the event loop of the process serving the shell's host and the remotes then leaves the
// backend standing, and the other way round. Started by `startStackProcess` (launch.ts), configured by its
// environment and the port and site URL it is given; it tells its parent where it listens (or why it could
// not), and stops on the parent's word, with the parent, or on Ctrl-C (the terminal signals both).
import { loadConfig, type RunningStack, startStack } from '@medaille/local-stack';

export interface StackProcessReady {
  ready: Omit<RunningStack, 'db' | 'close'>;
}
export interface StackProcessFailed {
  failed: { code?: string | undefined; message: string };
}

const { port, siteUrl } = JSON.parse(process.argv[2] ?? '{}') as { port: number; siteUrl: string };

async function serve(stack: RunningStack) {
  const { db: _db, close: _close, ...ready } = stack;
  process.send?.({ ready } satisfies StackProcessReady);
  let stopping = false;
  async function stop() {
    if (stopping) return;
    stopping = true;
    await stack.close();
    process.exit(0);
  }
  process.on('message', (message) => {
    if (message === 'close') void stop();
  });
  process.on('disconnect', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

await startStack(loadConfig({ SITE_URL: siteUrl, ...process.env }, { port, siteUrl })).then(serve, (error) => {
  const { code, message } = error as NodeJS.ErrnoException;
  // Told to the parent, which names a busy port the way `pnpm start` does; exits once the word is out.
  process.send?.({ failed: { code, message: message ?? String(error) } } satisfies StackProcessFailed, () =>
    process.exit(1),
  );
});
