// One flat config for the whole workspace: TypeScript rules everywhere, hooks rules for the web app.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Package boundaries (docs/ARCHITECTURE.md, "The parts and what each may import"), tests included: each
// part may import only the workspace packages in its package.json, never another part's source by path.
const PACKAGES = ["chromium", "contracts", "db", "media", "pi", "s3", "seed"];
const packageImports = (names) => names.flatMap((name) => [`@purplebeats/${name}`, `@purplebeats/${name}/*`]);
const boundary = (files, allowed, message, paths = []) => ({
  files,
  rules: {
    "no-restricted-imports": [
      "error",
      {
        paths,
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

// Roles inside apps/api/src (docs/ARCHITECTURE.md, "Inside apps/api/src"): an import that climbs out of
// a role's folder may name only the roles below it. The lower a role, the less it knows: the SQL of data/
// knows no service, infra/ (caches, storage, sessions, locks) knows no domain rule, and neither they nor
// the domain know the web host (http/, rest/, pages, metrics) that calls them.
const ROLE_ROOTS = ["server", "main"];
const apiRole = (role, forbidden, message) => ({
  files: [`apps/api/src/${role}/**/*.{ts,mts,mjs}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          { regex: `^(\\.\\./)+(${forbidden.join("|")})/`, message },
          {
            regex: `^(\\.\\./)+(${ROLE_ROOTS.join("|")})(\\.js$|/)`,
            message: "Only main.ts imports the composition root (server.ts and server/).",
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
    ["apps/web/**/*.{ts,tsx}"],
    ["contracts"],
    "This app may import @purplebeats/contracts only (the API over HTTP, never the server's packages).",
    [
      {
        name: "react-router-dom",
        importNames: ["Link", "NavLink"],
        message:
          "Link to the app's screens with ScreenLink (apps/web/src/app/screen-link.tsx): React Router's links read the location and render again with every navigation.",
      },
    ],
  ),
  boundary(
    ["apps/admin-cli/**/*.ts"],
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
    ["db", "media"],
    "The seed writes the catalog into @purplebeats/db's tables and encodes its audio with @purplebeats/media: it imports no other workspace package.",
  ),
  apiRole(
    "domain",
    ["web", "cli"],
    "Domain services are called by the web host and the command line; they never import either.",
  ),
  apiRole(
    "data",
    ["domain", "infra", "web", "config", "cli"],
    "data/ holds the hand-written SQL and its row types: it imports nothing of the API but itself.",
  ),
  apiRole(
    "infra",
    ["domain", "web", "cli"],
    "Infrastructure (caches, storage, sessions, locks, queue) serves the domain: it imports no domain service and no part of the web host.",
  ),
  apiRole("web", ["cli"], "The web host does not import the command line."),
  apiRole("config", ["cli"], "The configuration does not import the command line."),
);
