import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // slow-* suites are opt-in: LIGHTSOUT_SLOW=1 pnpm test
    exclude: process.env.LIGHTSOUT_SLOW ? [] : ["test/**/slow-*.test.ts"],
    testTimeout: 60_000,
  },
});
