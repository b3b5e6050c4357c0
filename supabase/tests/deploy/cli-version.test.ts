// The README names the oldest Supabase CLI that reads config.toml as we write it; the tests run a pinned,
// newer one. This keeps the README's number, the reason for it, and the pin together.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliProject, PINNED_CLI_VERSION, runSupabase } from './cli-run.ts';

/**
 * From the CLI's source at each tag: `[auth.rate_limit]`, `auth.minimum_password_length` and
 * `edge_runtime.deno_version` are refused by 2.4.0 to 2.19.x and silently skipped before; 2.20.0 reads them
 * all (and on the 1.x line, 1.226.5).
 */
const MINIMUM_CLI = '2.20.0';
const MINIMUM_CLI_1X = '1.226.5';

const versionParts = (version: string) => version.split('.').map(Number);
const atLeast = (version: string, minimum: string) => {
  const [a, b] = [versionParts(version), versionParts(minimum)];
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
};

describe('the Supabase CLI version', () => {
  it("the README's minimum is the one config.toml needs", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(
      `Use Supabase CLI **${MINIMUM_CLI} or newer** (on the 1.x\nline, ${MINIMUM_CLI_1X} or newer)`,
    );
    const config = readFileSync(new URL('../../config.toml', import.meta.url), 'utf8');
    for (const setting of [/^\[auth\.rate_limit\]$/m, /^minimum_password_length = /m, /^deno_version = /m]) {
      expect(config).toMatch(setting);
    }
  });

  it('the pinned CLI that the tests run is at least the minimum, and is the binary that runs', async () => {
    expect(atLeast(PINNED_CLI_VERSION, MINIMUM_CLI)).toBe(true);
    const project = cliProject();
    try {
      const version = await runSupabase(project, ['--version']);
      expect(version.code, version.stderr).toBe(0);
      expect(version.stdout.trim()).toBe(PINNED_CLI_VERSION);
    } finally {
      project.remove();
    }
  });
});
