import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["global-setup.ts"],
    testTimeout: 960_000,
    hookTimeout: 960_000,
    // One suite at a time: they restart PostgreSQL, kill servers and load two cores.
    fileParallelism: false,
    sequence: { concurrent: false },
    reporters: ["default"],
  },
});
