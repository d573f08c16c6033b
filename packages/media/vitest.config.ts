import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two files at a time on two cores: vitest's default (one worker fewer than the cores) leaves one idle.
    maxWorkers: 2,
    environment: "node",
    testTimeout: 60_000,
  },
});
