#!/usr/bin/env node
// `npm test`: builds the web app (the browser tests drive the built app), runs every vitest project
// (domain, server API, web unit, e2e browser, and the wall screen's 10-minute soak test, which runs
// alongside the others on its own database and server process) and ends with the plain line
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const results = '.test-results.json';
fs.rmSync(results, { force: true });

const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('build of the web app failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { stdio: 'inherit' });

let passed = 0;
let failed = 0;
if (fs.existsSync(results)) {
  const report = JSON.parse(fs.readFileSync(results, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ? 0 : 0);
  // A file that failed to load has no tests to count; count it as a failure so it cannot hide.
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed++;
  }
} else {
  failed = 1;
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
