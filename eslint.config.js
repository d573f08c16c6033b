// One flat config for the whole workspace: TypeScript rules everywhere, hooks rules for the web app.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Package boundaries (docs/ARCHITECTURE.md, "The parts and what each may import"), tests included: each
// part may import only the workspace packages in its package.json, never another part's source by path.
const PACKAGES = ["chromium", "contracts", "db", "media", "pi", "s3", "seed"];
const packageImports = (names) => names.flatMap((name) => [`@purplebeats/${name}`, `@purplebeats/${name}/*`]);
const boundary = (files, allowed, message) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: [
              ...packageImports(PACKAGES.filter((name) => !allowed.includes(name))),
              "@purplebeats/api",
              "@purplebeats/web",
              "**/apps/*/src/**",
              "**/packages/*/src/**",
            ],
            message,
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-server/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "data/**",
      "**/bench-results/**",
      "**/test-results/**",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  boundary(
    ["apps/web/**/*.{ts,tsx}", "apps/admin-cli/**/*.ts"],
    ["contracts"],
    "This app may import @purplebeats/contracts only (the API over HTTP, never the server's packages).",
  ),
  boundary(
    ["packages/contracts/**/*.ts"],
    [],
    "The contracts are shared by the browser and the server: they import no other workspace package.",
  ),
  ...["chromium", "db", "media", "pi", "s3"].map((name) =>
    boundary(
      [`packages/${name}/**/*.ts`],
      [],
      `@purplebeats/${name} stands alone: it imports no other workspace package (the API joins them).`,
    ),
  ),
  boundary(
    ["packages/seed/**/*.ts"],
    ["db"],
    "The seed writes the catalog into @purplebeats/db's tables: it imports no other workspace package.",
  ),
);
