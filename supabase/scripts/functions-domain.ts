// The domain rules the Edge Functions need, copied from shared/domain/src into supabase/functions/_shared/domain,
// with the site's route table (shared/routing/src/site.ts), which their e-mails' links are made from.
// Why a copy: a function's bundle must stay inside supabase/functions (older CLIs fail `functions deploy` on an
// import from outside it with "failed to read file"), and the domain's index would pull all of zod into every
// function. shared/domain stays the one source: tests/deploy/functions-domain.test.ts fails when the copy
// differs from what this generates, and `pnpm gen:functions-domain` rewrites it.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';

/** The modules of shared/domain/src whose rules the functions use; the modules they import come along. */
export const FUNCTIONS_DOMAIN_MODULES = [
  'code.ts',
  'conversation.ts',
  'finder-contact.ts',
  'finder-identity.ts',
  'health-booklet.ts',
  'honeypot.ts',
  'limits.ts',
  'maps.ts',
  'public-profile.ts',
  'search-headings.ts',
  'sex.ts',
  'species.ts',
  'text.ts',
  'unavailable.ts',
];

export const DOMAIN_SOURCE = new URL('../../shared/domain/src/', import.meta.url);
/** The site's route table: it imports nothing, and is copied whole as site.ts. */
const SITE_SOURCE = new URL('../../shared/routing/src/site.ts', import.meta.url);
export const FUNCTIONS_DOMAIN = new URL('../functions/_shared/domain/', import.meta.url);

const generatedFrom = (source: string) =>
  `// Generated from ${source} by \`pnpm gen:functions-domain\` (supabase/scripts/functions-domain.ts): do not edit.\n`;

/** The specifiers of a module's imports and re-exports (`from '…'`, `import '…'`, `import('…')`). */
function importedSpecifiers(source: string): string[] {
  return Array.from(
    source.matchAll(/\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g),
    (match) => (match[1] ?? match[2]) as string,
  );
}

/** A sibling module (`./name.ts`) or null; anything else cannot come into the functions' copy. */
const siblingModule = (specifier: string) => /^\.\/([\w-]+\.ts)$/.exec(specifier)?.[1] ?? null;

/**
 * The files of supabase/functions/_shared/domain, by name: each module the functions use and each module
 * these import, with a first line naming its source, and an index.ts holding the lines of the domain's
 * index that export from them. Refuses a module that imports a package (zod) or a module outside the folder:
 * move the rule the functions need into a module of its own, as isHoneypotFilled was.
 */
export async function generateFunctionsDomain(): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  const pending = [...FUNCTIONS_DOMAIN_MODULES];
  for (let module = pending.shift(); module; module = pending.shift()) {
    if (sources.has(module)) continue;
    const source = await readFile(new URL(module, DOMAIN_SOURCE), 'utf8');
    for (const specifier of importedSpecifiers(source)) {
      const sibling = siblingModule(specifier);
      if (!sibling)
        throw new Error(
          `shared/domain/src/${module} imports '${specifier}': the functions' copy may only hold modules of ` +
            'shared/domain/src that import nothing but each other (no zod). Move the rules they need into such a module.',
        );
      pending.push(sibling);
    }
    sources.set(module, source);
  }

  const domainIndex = await readFile(new URL('index.ts', DOMAIN_SOURCE), 'utf8');
  const exports = Array.from(domainIndex.matchAll(/^export\b[^;]*?\bfrom\s*'([^']+)';$/gm), (match) => ({
    statement: match[0],
    module: siblingModule(match[1] as string),
  }));
  for (const module of FUNCTIONS_DOMAIN_MODULES) {
    if (!exports.some((entry) => entry.module === module))
      throw new Error(`shared/domain/src/index.ts exports nothing from ./${module}`);
  }
  // In the order of their modules' names, as the linter sorts them.
  const index = [
    ...exports.filter((entry) => entry.module !== null && sources.has(entry.module)),
    { statement: "export * from './site.ts';", module: 'site.ts' },
  ]
    .sort((a, b) => (a.module ?? '').localeCompare(b.module ?? ''))
    .map((entry) => `${entry.statement}\n`)
    .join('');

  const files = new Map<string, string>([
    ['index.ts', generatedFrom('shared/domain/src/index.ts') + index],
    ['site.ts', generatedFrom('shared/routing/src/site.ts') + (await readFile(SITE_SOURCE, 'utf8'))],
  ]);
  for (const [module, source] of [...sources].sort(([a], [b]) => a.localeCompare(b)))
    files.set(module, generatedFrom(`shared/domain/src/${module}`) + source);
  return files;
}

/** Writes the generated files and removes any other file of the folder; answers the names written. */
export async function writeFunctionsDomain(): Promise<string[]> {
  const files = await generateFunctionsDomain();
  await mkdir(FUNCTIONS_DOMAIN, { recursive: true });
  for (const stale of await readdir(FUNCTIONS_DOMAIN)) {
    if (!files.has(stale)) await rm(new URL(stale, FUNCTIONS_DOMAIN), { recursive: true });
  }
  for (const [name, content] of files) await writeFile(new URL(name, FUNCTIONS_DOMAIN), content);
  return [...files.keys()];
}
