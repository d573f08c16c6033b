import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    // beforeAll generates every song's audio once per run (about a minute on two cores).
    hookTimeout: 600_000,
  },
});
