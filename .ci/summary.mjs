// Adds up the JSON test reports that every runner wrote into the folder given
// as argument (LIGHTSOUT_TEST_REPORT_DIR: vitest's json reporter and our smoke
// scripts, see tools/test-report) and prints one closing line.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (dir === undefined) throw new Error("usage: node .ci/summary.mjs REPORT_DIR");
let passed = 0;
let failed = 0;
let skipped = 0;
const files = readdirSync(dir).filter((file) => file.endsWith(".json"));
for (const file of files.sort()) {
  /** @type {{ numPassedTests: number, numFailedTests: number, numPendingTests?: number, numTodoTests?: number, numFailedTestSuites?: number }} */
  const report = JSON.parse(readFileSync(join(dir, file), "utf8"));
  passed += report.numPassedTests;
  // a test file that fails to load has no failed test but a failed suite
  failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`  ${file.replace(/\.json$/, "")}: passed ${report.numPassedTests}, failed ${report.numFailedTests}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exitCode = passed === 0 || files.length === 0 ? 1 : 0;
