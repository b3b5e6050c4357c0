// The local stack in a process of its own, for `pnpm start`: a client that uses up the file
// descriptors or the event loop of another part's process then leaves the backend standing, and the other way
// round, and a stack that dies is started again by the launcher (supervise.ts). Configured by its environment
// and the port and site URL it is given; it tells its parent where it listens (or why it could not).
import { loadConfig, type RunningStack, startStack } from '@medaille/local-stack';
import { isDiskFull } from '@medaille/local-stack/database';
import { failPart, servePart } from './supervise.ts';

export type StackProcessReady = Omit<RunningStack, 'db' | 'close'>;
export interface StackProcessSpec {
  port: number;
  siteUrl: string;
}

const { port, siteUrl } = JSON.parse(process.argv[2] ?? '{}') as StackProcessSpec;

await startStack(loadConfig({ SITE_URL: siteUrl, ...process.env }, { port, siteUrl })).then(
  (stack) => {
    const { db: _db, close, ...ready } = stack;
    servePart<StackProcessReady>(ready, close);
    // PGlite's file system says a full disk in its own way (no message): told to the parent as Node says it.
  },
  (error) =>
    failPart(isDiskFull(error) ? Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) : error),
);
