import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Two files at a time on two cores: vitest's default (one worker fewer than the cores) leaves one idle.
    maxWorkers: 2,
    testTimeout: 120_000,
    // Migrating a fresh database is slow on a loaded machine.
    hookTimeout: 600_000,
  },
});
