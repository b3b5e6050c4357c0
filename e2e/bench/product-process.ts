// The product for the crowd run (load.ts): the shell's host and the front-ends' static sites in this process,
// the local stack in a child of its own (launchProduct's stackProcess), so that neither shares an event loop
// with the load generator, and the host's CPU is told apart from the stack's. The host is as far from its
// backend and its scan deployment as a deployment's (distances.ts). Configured by the environment like
// `pnpm start`; tells its parent where it listens, answers 'cpu' with each part's CPU time, closes when told.
import { readFileSync } from 'node:fs';
import { launchProduct } from '@medaille/launcher';
import { type DistantOrigins, distantFetch } from './distances.ts';

const origins: DistantOrigins = { backend: null, scan: null };
const product = await launchProduct({
  ports: { shell: 0, scan: 0, portal: 0, stack: 0 },
  env: process.env,
  stackProcess: true,
  hostFetch: distantFetch(origins),
});
origins.backend = new URL(product.stack.url).origin;
origins.scan = new URL(product.sites.scan.url).origin;

/** The CPU time (ms) of this process's descendants: the stack's process, from /proc (Linux). */
function descendantsCpuMs(pid: number): number {
  const ticksPerMs = 100 / 1000;
  let total = 0;
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return 0;
  }
  for (const child of children) {
    // utime and stime, the 14th and 15th fields, after the command's parenthesised name.
    const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) / ticksPerMs + descendantsCpuMs(Number(child));
  }
  return total;
}

process.send?.({ url: product.url });
process.on('disconnect', () => process.exit(0));
process.on('message', async (message) => {
  if (message === 'cpu') {
    const own = process.cpuUsage();
    process.send?.({ hostMs: (own.user + own.system) / 1000, stackMs: descendantsCpuMs(process.pid) });
  }
  if (message !== 'close') return;
  await product.close();
  process.exit(0);
});
