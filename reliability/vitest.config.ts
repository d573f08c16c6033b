import { defineConfig } from "vitest/config";

const suite = {
  testTimeout: 960_000,
  hookTimeout: 960_000,
  sequence: { concurrent: false },
};

export default defineConfig({
  test: {
    globalSetup: ["global-setup.ts"],
    // One suite at a time: they restart PostgreSQL, kill servers and load two cores.
    fileParallelism: false,
    reporters: ["default"],
    projects: [
      {
        test: {
          ...suite,
          name: "suites",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/attacks-*.test.ts"],
        },
      },
      // The attacks files share one worker without isolation, so that they share one world (the worker-scoped
      // fixture of tests/helpers/attacks.ts): one database, simulator and pair of API processes for all of them.
      { test: { ...suite, name: "attacks", include: ["tests/attacks-*.test.ts"], isolate: false } },
    ],
  },
});
