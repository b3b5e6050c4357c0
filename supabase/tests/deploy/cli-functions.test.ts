// The real Supabase CLI deploys our functions as the README tells a deployer to (`supabase functions deploy
// --use-api`, bundled by the platform, no Docker), here against a stand-in of the Management API that
// records each upload: every function goes, with its own deno.json, its entrypoint, the shared files it
// imports and nothing from outside supabase/functions, and with config.toml's verify_jwt. And config.toml is
// read by the CLI without a schema error: `supabase config push` gets as far as the API.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProject, cliProject, runSupabase, SUPABASE_DIR } from './cli-run.ts';
import { FIRST_DENO_TIMEOUT_MS, FUNCTION_NAMES, FUNCTIONS_DIR, runDeno } from './deno.ts';
import { type FunctionUpload, type ManagementApiStandIn, startManagementApi } from './management-api-stand-in.ts';

/** A project ref and an access token of the shapes the CLI checks: 20 lowercase letters; `sbp_` + 40 hex. */
const PROJECT_REF = 'medaillestandinxxxxx';
const ACCESS_TOKEN = `sbp_${'0123456789abcdef'.repeat(3).slice(0, 40)}`;

const config = parse(readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8')) as {
  functions: Record<string, { verify_jwt?: boolean }>;
};

/** How the CLI names a file of supabase/functions in the form: its path from the project's folder. */
const uploadedName = (file: string) => posix.join('supabase/functions', relative(FUNCTIONS_DIR, file));

/** The local modules Deno loads for a function (its entrypoint and everything it imports, transitively). */
async function localModules(slug: string): Promise<string[]> {
  const info = await runDeno(['info', '--json', '--config', 'deno.json', 'index.ts'], join(FUNCTIONS_DIR, slug));
  expect(info.code, info.stderr).toBe(0);
  const { modules } = JSON.parse(info.stdout) as { modules: Array<{ specifier: string }> };
  return modules
    .map((module) => module.specifier)
    .filter((specifier) => specifier.startsWith('file://'))
    .map((specifier) => uploadedName(new URL(specifier).pathname));
}

let api: ManagementApiStandIn;
let project: CliProject;
let profile: string;
const cliEnv = { SUPABASE_ACCESS_TOKEN: ACCESS_TOKEN };

beforeAll(async () => {
  api = await startManagementApi(PROJECT_REF, ACCESS_TOKEN);
  project = cliProject();
  profile = api.writeProfile(project.home);
});

afterAll(async () => {
  await api?.close();
  project?.remove();
});

describe('supabase functions deploy --use-api', () => {
  let deploy: Awaited<ReturnType<typeof runSupabase>>;
  const uploadOf = (slug: string): FunctionUpload => {
    const upload = api.uploads.find((candidate) => candidate.slug === slug);
    if (!upload) throw new Error(`${slug} was not uploaded`);
    return upload;
  };

  beforeAll(async () => {
    deploy = await runSupabase(
      project,
      ['functions', 'deploy', '--use-api', '--project-ref', PROJECT_REF, '--profile', profile],
      cliEnv,
    );
  });

  it('deploys every function of supabase/functions, made live in one bulk update', () => {
    expect(deploy.code, deploy.stderr).toBe(0);
    expect(deploy.stdout).toContain(`Deployed Functions on project ${PROJECT_REF}: ${FUNCTION_NAMES.join(', ')}`);
    expect(api.uploads.map((upload) => upload.slug).sort()).toEqual(FUNCTION_NAMES);
    expect(api.uploads.every((upload) => upload.bundleOnly)).toBe(true);
    expect(api.bulkUpdates).toHaveLength(1);
    expect(api.bulkUpdates[0]?.map((deployed) => deployed.slug).sort()).toEqual(FUNCTION_NAMES);
  });

  it("sends each function's entrypoint and its own deno.json as import map", () => {
    for (const slug of FUNCTION_NAMES) {
      const { metadata, files } = uploadOf(slug);
      expect(metadata.name).toBe(slug);
      expect(metadata.entrypoint_path).toBe(`supabase/functions/${slug}/index.ts`);
      expect(metadata.import_map_path).toBe(`supabase/functions/${slug}/deno.json`);
      expect([...files.keys()]).toContain(`supabase/functions/${slug}/deno.json`);
    }
  });

  it("sends config.toml's verify_jwt, which is false for every function (each checks its caller itself)", () => {
    for (const slug of FUNCTION_NAMES) {
      expect(config.functions[slug]?.verify_jwt, `config.toml [functions.${slug}]`).toBe(false);
      expect(uploadOf(slug).metadata.verify_jwt, slug).toBe(false);
      expect(api.bulkUpdates[0]?.find((deployed) => deployed.slug === slug)?.verify_jwt, slug).toBe(false);
    }
  });

  it(
    'uploads every local module Deno loads for the function, shared ones included, and only files of supabase/functions',
    async () => {
      for (const slug of FUNCTION_NAMES) {
        const { files } = uploadOf(slug);
        const names = [...files.keys()];
        expect(names, slug).toEqual(expect.arrayContaining(await localModules(slug)));
        expect(
          names.some((name) => name.startsWith('supabase/functions/_shared/')),
          slug,
        ).toBe(true);
        for (const [name, bytes] of files) {
          expect(name, slug).toMatch(/^supabase\/functions\//);
          expect(posix.normalize(name), slug).toBe(name);
          expect(name.split('/'), slug).not.toContain('..');
          expect(bytes.equals(readFileSync(join(SUPABASE_DIR, name.slice('supabase/'.length)))), name).toBe(true);
        }
      }
    },
    FIRST_DENO_TIMEOUT_MS,
  );
});

describe("config.toml in the pinned CLI's reading", () => {
  /** What the CLI says when it cannot read config.toml (its schema, or TOML itself). */
  const CONFIG_REFUSED = /SchemaError|failed to parse|failed to decode|invalid config|cannot unmarshal|unknown field/i;
  const configPush = (from: CliProject) =>
    runSupabase(from, ['config', 'push', '--project-ref', PROJECT_REF, '--profile', profile, '--yes'], cliEnv);

  it('parses: `supabase config push` fails only on the API (the stand-in answers 503)', async () => {
    const push = await configPush(project);
    expect(push.code).not.toBe(0);
    expect(push.stderr).toMatch(/status 503/);
    expect(push.stderr).not.toMatch(CONFIG_REFUSED);
  });

  it('would be refused before the API if a setting had a type the CLI does not take (the check can fail)', async () => {
    const broken = cliProject();
    try {
      const file = join(broken.workdir, 'supabase', 'config.toml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^deno_version = \d+$/m, 'deno_version = "two"'));
      const push = await configPush(broken);
      expect(push.code).not.toBe(0);
      expect(push.stderr).toMatch(CONFIG_REFUSED);
      expect(push.stderr).toContain('deno_version');
    } finally {
      broken.remove();
    }
  });
});
