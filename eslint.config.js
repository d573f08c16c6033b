// One flat config for the whole workspace: TypeScript rules everywhere, hooks rules for the web app.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// Package boundaries (docs/ARCHITECTURE.md, "The parts and what each may import"), tests included: each
// part may import only the workspace packages in its package.json, never another part's source by path.
const PACKAGES = ["chromium", "contracts", "db", "media", "pi", "s3", "seed"];
const packageImports = (names) => names.flatMap((name) => [`@purplebeats/${name}`, `@purplebeats/${name}/*`]);
const boundaryOptions = (allowed, message, paths = []) => ({
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
});
const boundary = (files, allowed, message, paths = []) => ({
  files,
  rules: { "no-restricted-imports": ["error", boundaryOptions(allowed, message, paths)] },
});

const WEB_BOUNDARY = boundaryOptions(
  ["contracts"],
  "This app may import @purplebeats/contracts only (the API over HTTP, never the server's packages).",
  [
    {
      name: "react-router-dom",
      importNames: ["Link", "NavLink"],
      message:
        "Link to the app's screens with ScreenLink (apps/web/src/ui/screen-link.tsx): React Router's links read the location and render again with every navigation.",
    },
  ],
);

// Layers inside apps/web/src (docs/ARCHITECTURE.md, "Inside apps/web/src"): lib/ and first-screen/, then ui/,
// then features/<feature>/, then pages/, then app/ (with main.tsx, boot.ts, entry-server.tsx), each importing
// only the layers before it; a feature imports another only through its index.ts. Tests and test helpers may
// reach across (they assemble screens from their parts); the package boundary above still holds for them.
const WEB_SRC = "apps/web/src";
const WEB_TESTS = [
  `${WEB_SRC}/**/*.test.{ts,tsx}`,
  `${WEB_SRC}/**/test-*.{ts,tsx}`,
  `${WEB_SRC}/test-utils/**`,
];
const ENTRIES = "(main|boot|entry-server)(\\.tsx?)?$";
/** An import that climbs `up` folders to src/ and names one of `layers` (or an entry file). */
const above = (up, layers, message) => [
  { regex: `^(\\.\\./){${up}}(${layers.join("|")})(/|$)`, message },
  { regex: `^(\\.\\./){${up}}${ENTRIES}`, message: "Only the app imports the entries." },
];
const webLayer = (files, patterns) => ({
  files,
  ignores: WEB_TESTS,
  rules: {
    "no-restricted-imports": [
      "error",
      { ...WEB_BOUNDARY, patterns: [...WEB_BOUNDARY.patterns, ...patterns] },
    ],
  },
});
/** The rules for the files `depth` folders below src/ in `layer`. */
const WEB_LAYERS = [1, 2, 3].flatMap((depth) => {
  const at = (folder) => `${WEB_SRC}/${folder}/${"*/".repeat(depth - 1)}*.{ts,tsx}`;
  const base = [
    webLayer(
      [at("lib"), at("first-screen"), at("i18n")],
      above(
        depth,
        ["ui", "features", "pages", "app"],
        "lib/, first-screen/ and i18n/ are the bottom layer: they import no other layer.",
      ),
    ),
    webLayer(
      [at("ui")],
      above(
        depth,
        ["features", "pages", "app"],
        "ui/ holds primitives: it imports no feature, page or app module.",
      ),
    ),
    webLayer(
      [at("pages")],
      [
        ...above(depth, ["app"], "A page does not import the app (the app imports the pages)."),
        {
          regex: `^(\\.\\./){${depth}}features/[^/]+/`,
          message: "Import a feature through its index.ts (../features/<feature>), not a file inside it.",
        },
      ],
    ),
  ];
  if (depth < 2) return base;
  // A feature's files, `depth - 2` folders below its own: `(../){depth-1}` reaches features/.
  return [
    ...base,
    webLayer(
      [`${WEB_SRC}/features/*/${"*/".repeat(depth - 2)}*.{ts,tsx}`],
      [
        ...above(
          depth,
          ["features", "pages", "app"],
          "A feature imports no page and no app module; another feature through ../<feature>.",
        ),
        {
          regex: `^(\\.\\./){${depth - 1}}[^./][^/]*/`,
          message: "Import another feature through its index.ts (../<feature>), not a file inside it.",
        },
      ],
    ),
  ];
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

// SQL lives in data/ (docs/ARCHITECTURE.md, "Inside apps/api/src"): a domain service, a route or a command asks a data/ function for
// typed rows and never writes a statement, nor builds one. A string or template holding a statement's
// first word in capitals (as every statement here is written) is one.
const SQL_IN_DOMAIN =
  "SQL belongs in apps/api/src/data/: call (or add) a data/ function there that answers typed rows.";
const SQL_START = "(^|\\()\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH|SET LOCAL)\\s";
const noSqlInDomain = {
  // The domain, the HTTP layer and the operator commands; infra/ keeps the few statements about the
  // database itself (pg_notify, the backup's schema checks).
  files: ["apps/api/src/{domain,web,cli}/**/*.{ts,mts}"],
  rules: {
    "no-restricted-syntax": [
      "error",
      { selector: `TemplateElement[value.raw=/${SQL_START}/]`, message: SQL_IN_DOMAIN },
      { selector: `Literal[value=/${SQL_START}/]`, message: SQL_IN_DOMAIN },
      { selector: "ImportDeclaration[source.value='kysely']", message: SQL_IN_DOMAIN },
      {
        selector:
          "ImportSpecifier[imported.name=/^(selectRows|selectRow|changedRows|builder|run|runOne|runPrepared)$/]",
        message: SQL_IN_DOMAIN,
      },
    ],
  },
};

// Settings come from one place (apps/api/src/config/): the rest of the app is handed a typed Config, so
// a setting is documented, validated and defaulted once.
const envOnlyInConfig = {
  files: ["apps/api/src/**/*.{ts,mts}", "apps/web/src/**/*.{ts,tsx}"],
  ignores: ["apps/api/src/config/**"],
  rules: {
    "no-restricted-properties": [
      "error",
      {
        object: "process",
        property: "env",
        message:
          "Only apps/api/src/config/ reads the environment: add the setting to config/env.ts and take it from Config.",
      },
    ],
  },
};

// A promise nobody awaits loses its failure: in a payment or a stream that is a silent bug. These two rules
// need TypeScript's types (the project service reads each package's tsconfig), so they cover the apps' and
// packages' sources, where such promises live; the test suites outside src/ await by their runner's rules.
const promisesHandled = {
  files: ["apps/*/src/**/*.{ts,tsx,mts}", "packages/*/src/**/*.{ts,tsx,mts}"],
  languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  rules: {
    "@typescript-eslint/no-floating-promises": "error",
    "@typescript-eslint/no-misused-promises": "error",
  },
};

// A `!` tells TypeScript a value is there without checking: when the invariant breaks, the failure shows up
// later and elsewhere as "cannot read properties of undefined". The sources check instead (a narrowing `if`,
// a default, or `must()` naming the broken invariant). Tests keep theirs: there the `!` after an assertion
// is the test's own check.
const nonNullChecked = {
  files: ["apps/*/src/**/*.{ts,tsx,mts}", "packages/*/src/**/*.{ts,tsx,mts}"],
  ignores: ["**/*.test.{ts,tsx,mts}", "**/test/**", "**/tests/**", "**/test-utils/**", "**/test-*.{ts,tsx}"],
  rules: { "@typescript-eslint/no-non-null-assertion": "error" },
};

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
  { files: ["apps/web/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", WEB_BOUNDARY] } },
  ...WEB_LAYERS,
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
  noSqlInDomain,
  envOnlyInConfig,
  promisesHandled,
  nonNullChecked,
);
