// The README's deploy step is what a deployer types: every `supabase functions deploy` it gives must deploy
// every function of supabase/functions (the CLI deploys them all when no name is given) and name none that
// does not exist. A function added to the folder and left out of a list of names would be dead on day one.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from './deno.ts';

const README = new URL('../../../README.md', import.meta.url);

/** The function names of each `supabase functions deploy …` command in the README's code (flags left out). */
async function deployCommands(): Promise<string[][]> {
  const readme = await readFile(README, 'utf8');
  const code = [...readme.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((match) => match[1] ?? match[2] ?? '');
  return code.flatMap((snippet) =>
    [...snippet.matchAll(/\bsupabase functions deploy\b([^\n`;&|]*)/g)].map((command) =>
      (command[1] ?? '')
        .trim()
        .split(/\s+/)
        .filter((word) => word && !word.startsWith('-') && !word.startsWith('<')),
    ),
  );
}

describe("the README's `supabase functions deploy`", () => {
  it('is given, names no function that does not exist, and deploys every function of supabase/functions', async () => {
    const commands = await deployCommands();
    expect(commands.length, 'a `supabase functions deploy` command in README.md').toBeGreaterThan(0);
    for (const names of commands) {
      expect(FUNCTION_NAMES, `README: supabase functions deploy ${names.join(' ')}`).toEqual(
        expect.arrayContaining(names),
      );
      // No name deploys the whole folder; a list of names must then be the whole folder.
      if (names.length > 0)
        expect([...names].sort(), 'a list of names that leaves functions out').toEqual(FUNCTION_NAMES);
    }
  });
});
