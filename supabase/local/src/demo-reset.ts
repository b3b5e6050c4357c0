// `pnpm demo:reset`: the demo data as new (the free demo codes are used up after one activation). With the
// embedded database, it removes the local stack's data folder, so that the next start seeds afresh; it will
// not while a stack is running. With DATABASE_URL it removes nothing: that database is the operator's own.
import { rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadConfig } from './config.ts';

function portIsFree(port: number, host: string): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: demo:reset removes only the embedded database. To start that PostgreSQL database afresh, drop and create it (dropdb, createdb), then pnpm start.',
  );
  process.exit(1);
}
if (!(await portIsFree(config.port, config.host))) {
  console.error(
    `Something listens on port ${config.port}: stop pnpm start (or pnpm stack) first, then run pnpm demo:reset again.`,
  );
  process.exit(1);
}
const present = await stat(config.dataDir).then(
  () => true,
  () => false,
);
await rm(config.dataDir, { recursive: true, force: true });
console.log(
  present
    ? `Removed ${config.dataDir}: the next pnpm start seeds the demo data afresh.`
    : `Nothing to remove (${config.dataDir} does not exist): the next pnpm start seeds the demo data.`,
);
