import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two files at a time on two cores: vitest's default (one worker fewer than the cores) leaves one idle.
    maxWorkers: 2,
    testTimeout: 120_000,
    // beforeAll generates every song's audio once per run (about a minute on two cores).
    hookTimeout: 600_000,
  },
});
