// `pnpm stack`: the local Supabase-compatible backend in the foreground; Ctrl-C stops it cleanly.
import { loadConfig } from './config.ts';
import { startStack } from './stack.ts';

const config = loadConfig();
const stack = await startStack(config);

console.log(`Médaille local stack ready in ${stack.startupMs} ms${stack.seeded ? ' (new database, demo data loaded)' : ''}
  API URL:          ${stack.url}
  Mailbox:          ${stack.url}/mailbox
  Database:         ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}
  anon key:         ${stack.anonKey}
  service_role key: ${stack.serviceRoleKey}
  publishable key:  ${stack.publishableKey}
  secret key:       ${stack.secretKey}
  user sessions:    ${config.jwtSigning === 'legacy' ? 'HS256, JWT_SECRET (legacy project)' : `ES256, public key at ${stack.url}/auth/v1/.well-known/jwks.json`}
  finder identity:  ${stack.finderIdentitySecret || '(none: the functions ignore x-medaille-finder)'}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local stack…`);
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
