import { test as base } from '@playwright/test';
import { startProduct, type TestProduct } from './product.ts';

export { expect } from '@playwright/test';

/**
 * The stack's limits per client address, raised for the product a worker's journeys share. Every browser and
 * every helper here reaches it from 127.0.0.1, one client: config.toml's 30 sign-ins and 30 auth e-mails (an
 * hour, for the whole project) or 60 profile look-ups a minute would refuse the journeys of later files at
 * random. What a file asserts of a limit is per code or per animal (its own), or on its own product.
 */
const SHARED_STACK_LIMITS = {
  RATE_LIMIT_EMAIL_SENT: '100000',
  RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  RATE_LIMIT_TOKEN_REFRESH: '100000',
  FUNCTION_PROFILE_RATE_LIMIT_PER_MINUTE: '100000',
};

/**
 * The product of this worker, which the journeys share: started once per worker, before the files' hooks,
 * and stopped when the worker ends. Their files own their data (new owners, new codes): none reads another's.
 * A file that changes the deployment (its options, its keys, a redeployed remote) starts a product of its own
 * with startProduct(), and still takes `test` from here: every file then has the same worker fixtures, so
 * Playwright never restarts a worker (and this product) to go from one kind of file to the other.
 */
export let product: TestProduct;

export const test = base.extend<{ freshClientLimits: undefined }, { workerProduct: TestProduct }>({
  // The limits kept per client (code checks, failed claims: 30 in 5 minutes; a finder's photos: 9 a day) cannot
  // be raised for tests, and every journey's browser is the client 127.0.0.1: each journey starts with none of
  // them used, as it did on a product of its file's own. Limits per code or per animal are left alone.
  freshClientLimits: [
    async ({ workerProduct }, use) => {
      await workerProduct.stack.db.query(
        `delete from public.rate_limit_hits
         where bucket like 'code-status:%' or bucket like 'claim-failures:client:%' or bucket ~ '^finder-photo:[0-9a-f]{64}$'
           or bucket like 'conversation-%'`,
      );
      await use(undefined);
    },
    { auto: true },
  ],
  workerProduct: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      product = await startProduct({}, SHARED_STACK_LIMITS);
      await use(product);
      await product.close();
    },
    { scope: 'worker', auto: true },
  ],
});
