// The local stack in a process of its own, for the load run: the load generator's work (250 clients' HTTP)
// must not run on the stack's event loop, as real finders' phones do not. Configured by the environment
// like `pnpm stack`; tells its parent where it listens, and closes when told.
import { loadConfig, startStack } from '@medaille/local-stack';

const stack = await startStack(loadConfig(process.env, { port: 0 }));
process.send?.({ url: stack.url, anonKey: stack.anonKey });
// The parent gone (ended or killed), the stack goes too rather than linger on its port.
process.on('disconnect', () => process.exit(0));
process.on('message', async (message) => {
  // The CPU time the stack has used so far (user + system, microseconds): what a request costs it.
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  if (message !== 'close') return;
  await stack.close();
  // An explicit exit, so that `--cpu-prof` writes its profile.
  process.exit(0);
});
