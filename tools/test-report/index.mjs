// Machine-readable test results for CI. When LIGHTSOUT_TEST_REPORT_DIR is set,
// every runner writes one JSON file there: vitest through its json reporter
// (see vitestReporters), our smoke scripts through writeTestReport, all with
// vitest's counters, so .ci/summary.mjs adds them up without reading logs.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** @returns {string | undefined} the folder for reports, when asked for */
function reportDir() {
  const dir = process.env.LIGHTSOUT_TEST_REPORT_DIR;
  return dir === undefined || dir === "" ? undefined : dir;
}

/**
 * vitest's `test.reporters`: the default console reporter, plus a JSON
 * report `<name>.json` when LIGHTSOUT_TEST_REPORT_DIR is set.
 *
 * @param {string} name - the report's file name, e.g. the package's
 * @returns {(string | [string, { outputFile: string }])[]}
 */
export function vitestReporters(name) {
  const dir = reportDir();
  return dir === undefined ? ["default"] : ["default", ["json", { outputFile: join(dir, `${name}.json`) }]];
}

/**
 * Writes a smoke script's counts in the shape of vitest's JSON report.
 *
 * @param {string} name - the report's file name
 * @param {{ passed: number, failed: number, skipped?: number }} counts
 */
export function writeTestReport(name, counts) {
  const dir = reportDir();
  if (dir === undefined) return;
  mkdirSync(dir, { recursive: true });
  const report = {
    numPassedTests: counts.passed,
    numFailedTests: counts.failed,
    numPendingTests: counts.skipped ?? 0,
    numFailedTestSuites: 0,
    success: counts.failed === 0,
  };
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(report)}\n`);
}
