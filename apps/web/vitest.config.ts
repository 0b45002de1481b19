import { defineConfig } from "vitest/config";
import { vitestReporters } from "@lightsout/test-report";

export default defineConfig({
  test: {
    reporters: vitestReporters("web"),
    // Unit tests of the plain-value state (src/**), the checks of the sources (test/**) and
    // end-to-end tests in Debian's Chromium (e2e/**).
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "e2e/**/*.test.ts"],
    // more than 10x the slowest test (under 30 s here), so that a machine 10x slower passes
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // One browser at a time: CI has two cores.
    fileParallelism: false,
  },
});
