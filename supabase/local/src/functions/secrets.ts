// Secrets the local stack draws for its functions and keeps with its data, in the data directory (DATA_DIR), where
// it keeps the stored files too, with PGlite or with the PostgreSQL of DATABASE_URL: the same from one `pnpm start`
// to the next, gone with the data when it is removed (`pnpm demo:reset`), and new for every test stack, each of
// which has a data directory of its own. Readable by this machine's user only.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The secret kept in `dataDir/name`, drawn the first time it is asked for (`draw`: 256 random bits, base64url). */
export async function storedSecret(
  dataDir: string,
  name: string,
  draw: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, name);
  const drawn = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(drawn, draw(), { mode: 0o600 });
  try {
    // A link appears whole or not at all, and never replaces a secret already kept: a crash leaves no half secret.
    await link(drawn, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(drawn, { force: true });
  }
  return (await readFile(path, 'utf8')).trim();
}

/** A new VAPID key pair's private key (P-256), as a JWK in JSON: the functions' VAPID_PRIVATE_JWK. */
export const drawVapidKey = () =>
  JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }));
