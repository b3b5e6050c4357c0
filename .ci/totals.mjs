// Adds up the JSON reports that Vitest and Playwright wrote into one folder and prints
// "N passed, N failed" (", N skipped" when some were), the line CI reads. Exits 1 when there
// is no report at all, so that a run that tested nothing cannot look green.
// With a file of timed steps ("name<TAB>seconds" lines) and the run's seconds, prints first the timing
// table: each step, each report's own time (its runner's start to its last file's end), the whole run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, timingsFile, totalSeconds] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const reportSeconds = [];
const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
for (const file of files) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    reportSeconds.push([file, report.stats.duration / 1000]);
  } else {
    const ends = (report.testResults ?? []).map((result) => result.endTime ?? report.startTime);
    reportSeconds.push([file, (Math.max(report.startTime, ...ends) - report.startTime) / 1000]);
    // Vitest; a file that failed to load has no test results, so count it as a failure.
    passed += report.numPassedTests;
    failed +=
      report.numFailedTests +
      (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
if (timingsFile && existsSync(timingsFile)) {
  const row = (name, seconds) => console.log(`  ${name.padEnd(28)}${String(Math.round(seconds)).padStart(6)}`);
  console.log('timing (seconds)');
  for (const line of readFileSync(timingsFile, 'utf8').split('\n').filter(Boolean)) {
    const [name, seconds] = line.split('\t');
    row(name, Number(seconds));
    if (name === 'tests') for (const [file, took] of reportSeconds) row(`  ${file.replace(/\.json$/, '')}`, took);
  }
  if (totalSeconds) row('total', Number(totalSeconds));
}
console.log(`${files.length} test reports`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (files.length === 0 || passed + failed === 0) process.exit(1);
