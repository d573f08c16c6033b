import { defineConfig } from "vitest/config";

// Files that mock a module (vi.mock) need a module graph of their own.
const ISOLATED = ["test/seed-media-first-start.test.ts"];
// Files whose assertions are about types (expectTypeOf, @ts-expect-error) run twice: as code, and through tsc
// on a program of just them and what they import, so that a type that drifts fails `pnpm test` by name.
const TYPE_TESTS = ["test/route-table-types.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file starts its own server and database; two cores run two at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["test/**/*.test.ts"],
          exclude: ISOLATED,
          // A worker imports the server's modules once for all its files (about 2.5 s of CPU a file):
          // every file builds its own server, database and caches, and the modules keep no state of a test.
          isolate: false,
          typecheck: { enabled: true, include: TYPE_TESTS, tsconfig: "./tsconfig.type-tests.json" },
        },
      },
      { extends: true, test: { name: "api-isolated", include: ISOLATED } },
    ],
  },
});
