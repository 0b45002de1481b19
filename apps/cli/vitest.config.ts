import { defineConfig } from "vitest/config";
import { vitestReporters } from "@lightsout/test-report";

export default defineConfig({
  test: {
    reporters: vitestReporters("cli"),
    include: ["test/**/*.test.ts"],
    // Most tests run the CLI in-process: the files of a worker share one
    // import of the program and its WebAssembly (files still run one at a
    // time per worker, and every run restores the CLI's streams).
    isolate: false,
    // slow-* suites are opt-in: LIGHTSOUT_SLOW=1 pnpm test
    exclude: process.env.LIGHTSOUT_SLOW ? [] : ["test/**/slow-*.test.ts"],
    // more than 10x the slowest test (under 30 s here), so that a machine 10x slower passes
    testTimeout: 300_000,
  },
});
