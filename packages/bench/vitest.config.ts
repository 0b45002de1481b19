import { defineConfig } from "vitest/config";
import { vitestReporters } from "@lightsout/test-report";

export default defineConfig({
  test: {
    reporters: vitestReporters("bench"),
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
  },
});
