import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 90_000,
    hookTimeout: 960_000,
    // One browser journey at a time: two cores also run the server.
    fileParallelism: false,
  },
});
