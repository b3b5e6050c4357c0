// Adds up the JSON reports that Vitest and Playwright wrote into one folder and prints
// "N passed, N failed" (", N skipped" when some were), the line CI reads. Exits 1 when there
// is no report at all, so that a run that tested nothing cannot look green.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    // Vitest; a file that failed to load has no test results, so count it as a failure.
    passed += report.numPassedTests;
    failed +=
      report.numFailedTests +
      (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
console.log(`${files.length} test reports`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (files.length === 0 || passed + failed === 0) process.exit(1);
