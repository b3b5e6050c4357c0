import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * A test tool's script run in the page through the DevTools protocol, which the page's Content-Security-Policy
 * does not govern: an added <script> (addScriptTag) would be refused, and reported as a violation.
 */
export async function runInPage(page: Page, source: string): Promise<void> {
  await page.evaluate(source);
}

/**
 * Runs axe-core in the page (or only in the elements `within` selects) and expects no serious or critical
 * violation. It waits first for what is appearing (a dialog fading in) to have appeared: axe would read
 * its colours half faded, and what a person reads is the end of it.
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await runInPage(page, AXE_SOURCE);
  const violations = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context?: string) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await (context ? axe.run(context) : axe.run());
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
  }, within);
  expect(violations).toEqual([]);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
