/** vitest's `test.reporters`: default, plus a JSON report when LIGHTSOUT_TEST_REPORT_DIR is set. */
export declare function vitestReporters(name: string): (string | [string, { outputFile: string }])[];
/** Writes a smoke script's counts in the shape of vitest's JSON report. */
export declare function writeTestReport(
  name: string,
  counts: { passed: number; failed: number; skipped?: number },
): void;
