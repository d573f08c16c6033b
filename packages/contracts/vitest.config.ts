import { defineConfig } from "vitest/config";

// Files whose assertions are about types (expectTypeOf, @ts-expect-error) run twice: as code, and through tsc
// on a program of just them and what they import, so that a type that drifts fails `pnpm test` by name.
const TYPE_TESTS = ["test/procedure-outputs.test.ts"];

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Two files at a time on two cores: vitest's default (one worker fewer than the cores) leaves one idle.
    maxWorkers: 2,
    typecheck: { enabled: true, include: TYPE_TESTS, tsconfig: "./tsconfig.type-tests.json" },
  },
});
