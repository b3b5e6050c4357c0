// What `supabase functions deploy` needs of each function before it runs: Deno accepts its types and its
// lint, and its bundle holds nothing the CLI cannot bundle. The CLI bundles the files under
// supabase/functions and fetches `npm:` and `jsr:` packages; older versions fail on any local import from
// elsewhere ("failed to read file"), and other remote URLs are not what we pin.
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DENO_TIMEOUT_MS, FUNCTION_NAMES, FUNCTIONS_DIR, runDeno } from './deno.ts';

/** The part of `deno info --json` read here. */
interface ModuleGraph {
  modules: {
    specifier: string;
    kind?: string;
    error?: string;
    dependencies?: {
      specifier: string;
      code?: { specifier?: string; error?: string };
      type?: { specifier?: string };
    }[];
  }[];
  npmPackages: Record<string, { name: string }>;
}

const REHEARSAL_ENTRY = fileURLToPath(new URL('./serve-under-deno.ts', import.meta.url));

/** Fails with deno's own output when it did not succeed. */
async function deno(args: string[], cwd: string) {
  const { code, stdout, stderr } = await runDeno(args, cwd);
  if (code !== 0) throw new Error(`deno ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${stderr}${stdout}`);
  return stdout;
}

const isInside = (path: string, dir: string) => !relative(dir, path).startsWith(`..${sep}`);

describe.each(FUNCTION_NAMES)('the Edge Function %s', (name) => {
  const dir = join(FUNCTIONS_DIR, name);
  let graph: ModuleGraph;

  // The first deno of a fresh machine downloads the npm packages; type checks are cached in DENO_DIR.
  beforeAll(async () => {
    graph = JSON.parse(await deno(['info', '--json', 'index.ts'], dir)) as ModuleGraph;
  }, FIRST_DENO_TIMEOUT_MS);

  it(
    'passes deno check, with its own deno.json, as does the Deno entry of the rehearsal',
    async () => {
      await deno(['check', '--quiet', 'index.ts'], dir);
      await deno(['check', '--quiet', '--config', join(dir, 'deno.json'), REHEARSAL_ENTRY], dir);
    },
    FIRST_DENO_TIMEOUT_MS,
  );

  it('passes deno lint, every local module of its bundle', async () => {
    const local = graph.modules.filter((module) => module.specifier.startsWith('file:'));
    await deno(['lint', '--quiet', ...local.map((module) => fileURLToPath(module.specifier))], dir);
  });

  it('bundles only modules under supabase/functions and npm: or jsr: packages', () => {
    const refused: string[] = [];
    for (const module of graph.modules) {
      if (module.error) refused.push(`${module.specifier}: ${module.error}`);
      if (module.specifier.startsWith('file:')) {
        if (!isInside(fileURLToPath(module.specifier), FUNCTIONS_DIR))
          refused.push(`outside supabase/functions: ${module.specifier}`);
        for (const dependency of module.dependencies ?? []) {
          const resolved = dependency.code?.specifier ?? dependency.type?.specifier ?? '';
          if (dependency.code?.error) refused.push(`${dependency.specifier}: ${dependency.code.error}`);
          if (!/^(file:|npm:|jsr:|node:)/.test(resolved))
            refused.push(
              `${module.specifier} imports ${dependency.specifier} (${resolved}): neither local, npm: nor jsr:`,
            );
        }
      } else if (!(module.kind === 'npm' || module.kind === 'node' || module.specifier.startsWith('https://jsr.io/'))) {
        refused.push(`not an npm: or jsr: package: ${module.specifier}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('carries no zod: the domain rules it needs are the zod-free copy in _shared/domain', () => {
    expect(Object.values(graph.npmPackages).map((npmPackage) => npmPackage.name)).not.toContain('zod');
  });
});
