import { defineConfig } from "vitest/config";
import { vitestReporters } from "../../tools/test-report.mjs";

export default defineConfig({
  test: {
    reporters: vitestReporters("cli"),
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
