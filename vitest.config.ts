import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    globalSetup: ["tests/helpers/temp-root.ts"],
    setupFiles: ["tests/helpers/deferred-libraries-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests spawn real servers; two cores are all we have.
    maxWorkers: 2,
  },
});
