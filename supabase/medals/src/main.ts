// `pnpm medals ...`: see USAGE in commands.ts. pnpm runs this in the package's folder; INIT_CWD is where
// the operator typed the command, so that --out paths mean what they expect.
import { runMedals } from './commands.ts';

const status = await runMedals(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
process.exit(status);
