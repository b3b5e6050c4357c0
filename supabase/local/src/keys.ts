import type { StackConfig } from './config.ts';
import { apiKeys, createJwt } from './jwt.ts';

/**
 * Where a local stack with this configuration answers and the keys it issues, known without starting it:
 * for tools that talk to a stack already running (`pnpm medals`).
 */
export async function localProject(config: StackConfig) {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    url: `http://${host}:${config.port}`,
    siteUrl: config.siteUrl,
    ...(await apiKeys(createJwt(config.jwtSecret), config.jwtSecret)),
  };
}
