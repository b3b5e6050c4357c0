// A small stand-in for Supabase's Management API, enough for `supabase functions deploy --use-api` and for
// a CLI command to get as far as the network: real HTTP on loopback, recording what the CLI sends.
//
// What the CLI does (supabase/cli, internal/functions/deploy and pkg/function/deploy.go): with more than one
// function, each is uploaded on its own to POST /v1/projects/{ref}/functions/deploy?slug=…&bundleOnly=true,
// a multipart form with one `metadata` field (JSON: name, entrypoint_path, import_map_path, verify_jwt,
// static_patterns) and one `file` part per source file, named by its path from the project's folder; the
// answer is 201 with the deployed function. Then one PUT /v1/projects/{ref}/functions (200, `functions`)
// makes the bundles live. The API host comes from the CLI's profile (`--profile <file>`, its `api_url`),
// the token from SUPABASE_ACCESS_TOKEN (`sbp_` and 40 hex digits).
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';

export interface FunctionMetadata {
  name: string;
  entrypoint_path: string;
  import_map_path?: string;
  verify_jwt?: boolean;
  static_patterns?: string[];
}

export interface FunctionUpload {
  slug: string;
  /** Whether it only bundled (made live later by the bulk update). */
  bundleOnly: boolean;
  metadata: FunctionMetadata;
  /** Each uploaded file's bytes, by the name the CLI gave it. */
  files: Map<string, Buffer>;
}

export interface ManagementApiStandIn {
  url: string;
  uploads: FunctionUpload[];
  /** The functions each bulk update made live. */
  bulkUpdates: Array<Array<{ slug: string; verify_jwt?: boolean }>>;
  /** Every request, as `METHOD path`. */
  requests: string[];
  /** A CLI profile file (YAML, as the CLI reads it) whose API is this stand-in. */
  writeProfile(dir: string): string;
  close(): Promise<void>;
}

/** Reads a multipart form with the platform's own parser (the Fetch API's `formData()`). */
async function formOf(request: IncomingMessage, body: Buffer): Promise<FormData> {
  return new Request('http://stand-in/', {
    method: 'POST',
    headers: { 'content-type': request.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  }).formData();
}

/**
 * Starts the stand-in on loopback. As the API does, it answers 401 to a request without the account's token
 * (`Authorization: Bearer sbp_…`). Any route it does not know is answered 503, as an API that is down.
 */
export async function startManagementApi(projectRef: string, accessToken: string): Promise<ManagementApiStandIn> {
  const uploads: FunctionUpload[] = [];
  const bulkUpdates: ManagementApiStandIn['bulkUpdates'] = [];
  const requests: string[] = [];
  const deployPath = `/v1/projects/${projectRef}/functions/deploy`;
  const functionsPath = `/v1/projects/${projectRef}/functions`;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${request.method} ${url.pathname}`);
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    try {
      const body = await buffer(request);
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        answer(401, { message: 'Unauthorized' });
        return;
      }
      if (request.method === 'POST' && url.pathname === deployPath) {
        const form = await formOf(request, body);
        const metadata = JSON.parse(String(form.get('metadata'))) as FunctionMetadata;
        const files = new Map<string, Buffer>();
        for (const part of form.getAll('file')) {
          if (typeof part !== 'string') files.set(part.name, Buffer.from(await part.arrayBuffer()));
        }
        const slug = url.searchParams.get('slug') ?? metadata.name;
        uploads.push({ slug, bundleOnly: url.searchParams.get('bundleOnly') === 'true', metadata, files });
        answer(201, {
          id: `id-${slug}`,
          slug,
          name: metadata.name,
          version: 1,
          status: 'ACTIVE',
          entrypoint_path: metadata.entrypoint_path,
          import_map_path: metadata.import_map_path,
          import_map: metadata.import_map_path !== undefined,
          verify_jwt: metadata.verify_jwt,
          created_at: 0,
          updated_at: 0,
        });
        return;
      }
      if (request.method === 'PUT' && url.pathname === functionsPath) {
        const functions = JSON.parse(body.toString('utf8')) as Array<{ slug: string; verify_jwt?: boolean }>;
        bulkUpdates.push(functions);
        answer(200, { functions });
        return;
      }
      answer(503, { message: 'the Management API stand-in does not serve this route' });
    } catch (error) {
      answer(400, { message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    uploads,
    bulkUpdates,
    requests,
    writeProfile(dir) {
      const file = join(dir, 'stand-in-profile.yaml');
      // The CLI's Profile: name, api_url, dashboard_url and project_host are required.
      writeFileSync(
        file,
        `name: medaille-stand-in\napi_url: ${url}\ndashboard_url: ${url}/dashboard\nproject_host: stand-in.test\n`,
      );
      return file;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
