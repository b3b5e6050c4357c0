import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_DOMAIN, generateFunctionsDomain } from '../../scripts/functions-domain.ts';

describe("the functions' copy of the domain rules (supabase/functions/_shared/domain)", () => {
  // The generator also refuses a module that imports a package (zod): this fails with its message then.
  it('is what shared/domain/src generates (run `pnpm gen:functions-domain` after changing shared/domain)', async () => {
    const generated = await generateFunctionsDomain();
    expect((await readdir(FUNCTIONS_DOMAIN)).sort()).toEqual([...generated.keys()].sort());
    for (const [name, content] of generated) {
      expect(await readFile(new URL(name, FUNCTIONS_DOMAIN), 'utf8'), name).toBe(content);
    }
  });
});
