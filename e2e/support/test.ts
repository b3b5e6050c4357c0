import { test as base, expect } from '@playwright/test';
import { startProduct, type TestProduct } from './product.ts';

export { expect };

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

/**
 * Whether a console message is the browser's report of something the page's Content-Security-Policy refused
 * (Chromium: "Refused to … because it violates the following Content Security Policy directive …").
 */
export const isCspViolation = (text: string) => text.includes('Content Security Policy');

export const test = base.extend<
  { freshClientLimits: undefined; noCspViolation: undefined },
  { workerProduct: TestProduct; cspViolations: string[] }
>({
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
  // Every journey fails on anything the Content-Security-Policy refused in any of its pages: each context the
  // worker's browser makes (the test's own, and those a journey opens with browser.newContext or newPage)
  // reports its pages' console messages here, JavaScript on or off.
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        context.on('console', (message) => {
          if (isCspViolation(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
        });
        return context;
      };
      await use(violations);
    },
    { scope: 'worker', auto: true },
  ],
  noCspViolation: [
    async ({ cspViolations }, use) => {
      cspViolations.length = 0;
      await use(undefined);
      expect(cspViolations, 'what the Content-Security-Policy refused').toEqual([]);
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
