import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    // Migrating a fresh database is slow on a loaded machine.
    hookTimeout: 600_000,
  },
});
