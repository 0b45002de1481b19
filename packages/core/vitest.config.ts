import { defineConfig } from "vitest/config";
import { vitestReporters } from "@lightsout/test-report";

export default defineConfig({
  test: {
    reporters: vitestReporters("core"),
    include: ["test/**/*.test.ts"],
    // slow-* suites are opt-in: LIGHTSOUT_SLOW=1 pnpm test
    exclude: process.env.LIGHTSOUT_SLOW ? [] : ["test/**/slow-*.test.ts"],
    testTimeout: 60_000,
  },
});
