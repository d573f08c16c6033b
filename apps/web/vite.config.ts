/// <reference types="vitest/config" />
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { startChunk } from "./build/start-chunk.js";
import { catalogs } from "./build/catalogs.js";
import { darkOnlyCss } from "./build/dark-only-css.js";

const COMPRESSIBLE = /\.(js|css|html|svg)$/;
/** V8's explicit compile hint: the first line of each larger chunk the browser is sent (compileHints). */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
/**
 * Chunks below this size (minified) go without the hint: a handful of small functions compiles quickly where
 * it is called, and the line would cost each of them bytes on the first screen (budget: 170 KB gzip).
 */
const COMPILE_HINT_MIN_BYTES = 8 * 1024;

/**
 * Starts each larger chunk with V8's explicit compile hint (Chrome 136+; other engines read a comment): the chunk's
 * functions are compiled as it streams in, on a background thread, rather than on the main thread at each one's
 * first call. A chunk is loaded when its code is about to run (the first screen's; a screen's or a menu's ahead
 * of the tap that needs it), and most of its functions run then: a first visit's main-thread work after the
 * first paint fell by 8-10 % in Lighthouse, a tap on play by about a tenth (docs/benchmarks/history.md,
 * 28 Nov 2026). Added last, after minification (which drops comments) and after Vite's own first line (the
 * preload list), with the source map moved down one line to match.
 */
function compileHints(): Plugin {
  let ssrBuild = false;
  return {
    name: "purplebeats-compile-hints",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (ssrBuild) return; // the server's renderer is never sent
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== "chunk" || chunk.code.length < COMPILE_HINT_MIN_BYTES) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One more line before the code: an empty first line of mappings.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapAsset = bundle[`${chunk.fileName}.map`];
          if (mapAsset?.type === "asset" && typeof mapAsset.source === "string") {
            const map = JSON.parse(mapAsset.source) as { mappings: string };
            mapAsset.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * Writes a .gz (level 9) and a .br (quality 11) beside every built text file: the API sends them as they
 * are (@fastify/static's preCompressed), so no request pays for compression and brotli gets its best,
 * slowest level (about 13 % smaller than gzip on the entry chunk), which per-request compression cannot afford.
 */
function precompress(): Plugin {
  let outDir = "dist";
  let ssrBuild = false;
  return {
    name: "purplebeats-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssrBuild) return; // the server's renderer is read from disk by the API, never sent
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          const [gz, br] = await Promise.all([
            promisify(gzip)(body, { level: 9 }),
            promisify(brotliCompress)(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          ]);
          await Promise.all([writeFile(`${full}.gz`, gz), writeFile(`${full}.br`, br)]);
        }),
      );
    },
  };
}

const NO_RUNTIME_CSS_VARIABLES = "\0purplebeats-mantine-css-variables";

/**
 * The theme's CSS variables are a stylesheet (src/app/theme-variables.css, derived from the theme by its test),
 * and MantineProvider is told `withCssVariables={false}` (src/app/providers.tsx): the component that would
 * resolve them at every render is never drawn, so the builds leave out its code (about 1 KB gzip of the
 * first screen) instead of shipping it unused. Tests and development keep Mantine's own.
 */
function mantineWithoutRuntimeCssVariables(): Plugin {
  return {
    name: "purplebeats-mantine-without-runtime-css-variables",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      const fromProvider = importer && /[\\/]@mantine[\\/]core[\\/].*MantineProvider\.mjs$/.test(importer);
      return fromProvider && /MantineCssVariables[\\/]MantineCssVariables\.mjs$/.test(source)
        ? NO_RUNTIME_CSS_VARIABLES
        : undefined;
    },
    load(id) {
      return id === NO_RUNTIME_CSS_VARIABLES
        ? "export function MantineCssVariables() { return null; }"
        : undefined;
    },
  };
}

const LEFT_OUT_GROUP = "\0purplebeats-mantine-group:";

/**
 * Mantine's Button and ActionIcon carry their group components as static members (`Button.Group`,
 * `ActionIcon.GroupSection`), so every build that draws a button ships the four, which the app never uses: about
 * 1 KB gzip of the first screen (its budget: 170 KB). The builds leave them out; one that is drawn says so.
 * Tests and development keep Mantine's own.
 */
function mantineWithoutButtonGroups(): Plugin {
  const GROUPS = /[\\/](ButtonGroup|ButtonGroupSection|ActionIconGroup|ActionIconGroupSection)\.mjs$/;
  return {
    name: "purplebeats-mantine-without-button-groups",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      const fromButton =
        importer && /[\\/]@mantine[\\/]core[\\/].*[\\/](Button|ActionIcon)\.mjs$/.test(importer);
      const name = fromButton ? GROUPS.exec(source)?.[1] : undefined;
      return name ? LEFT_OUT_GROUP + name : undefined;
    },
    load(id) {
      if (!id.startsWith(LEFT_OUT_GROUP)) return undefined;
      const name = id.slice(LEFT_OUT_GROUP.length);
      return `export function ${name}() { throw new Error("Mantine's ${name} is left out of the build (apps/web/vite.config.ts)"); }`;
    },
  };
}

const LOADER_TRANSITION = "\0purplebeats-mantine-loader-transition";

/**
 * Mantine's Button and ActionIcon animate their loader in and out with Mantine's Transition, which brings its
 * state machine and every named transition (about 1.8 KB gzip) into the first screen, where every screen draws
 * a button (budget: 170 KB). In the builds their loader shows and goes at once, placed as Transition places it
 * when shown; the dialogs, menus and tooltips that load later keep Mantine's Transition. Tests and development
 * keep Mantine's own.
 */
function mantineButtonsWithoutLoaderTransition(): Plugin {
  return {
    name: "purplebeats-mantine-buttons-without-loader-transition",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      const fromButton =
        importer && /[\\/]@mantine[\\/]core[\\/].*[\\/](Button|ActionIcon)\.mjs$/.test(importer);
      return fromButton && /[\\/]Transition[\\/]Transition\.mjs$/.test(source)
        ? LOADER_TRANSITION
        : undefined;
    },
    load(id) {
      if (id !== LOADER_TRANSITION) return undefined;
      // A transition given as styles (Button's) places the loader by its `in` styles; a named one (ActionIcon's
      // slide-down) ends where the loader's own CSS puts it.
      return `export function Transition({ mounted, transition, children }) {
  if (!mounted) return null;
  return children(typeof transition === "object" ? { ...transition.common, ...transition.in } : {});
}`;
    },
  };
}

const TRPC_REACT_QUERY = "\0purplebeats-trpc-react-query";
/** The React Query hooks tRPC's React client wraps and the app never calls (through tRPC or React Query's own). */
const UNCALLED_QUERY_HOOKS = [
  "useQueries",
  "useSuspenseQuery",
  "useSuspenseQueries",
  "useSuspenseInfiniteQuery",
  "usePrefetchQuery",
  "usePrefetchInfiniteQuery",
];

/**
 * tRPC's React client builds every procedure's hooks in one object, so the start's code carried React Query's
 * hooks for parallel and suspense queries and for prefetching (with their observer), which the app never calls:
 * about 1 KB gzip of every first screen (budget: 170 KB). In the builds tRPC takes React Query without them; a
 * call to one says so. Tests and development keep them.
 */
function trpcWithoutUncalledQueryHooks(): Plugin {
  return {
    name: "purplebeats-trpc-without-uncalled-query-hooks",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source === TRPC_REACT_QUERY) return source;
      const fromTrpc = importer && /[\\/]@trpc[\\/]react-query[\\/]dist[\\/]/.test(importer);
      if (!fromTrpc || source !== "@tanstack/react-query") return undefined;
      const real = await this.resolve(source, importer, { ...options, skipSelf: true });
      return real && `${TRPC_REACT_QUERY}:${real.id}`;
    },
    load(id) {
      if (!id.startsWith(`${TRPC_REACT_QUERY}:`)) return undefined;
      const real = JSON.stringify(id.slice(TRPC_REACT_QUERY.length + 1));
      const stubs = UNCALLED_QUERY_HOOKS.map((name) => `export const ${name} = leftOut("${name}");`);
      return [
        `export * from ${real};`,
        `const leftOut = (name) => () => { throw new Error(\`React Query's \${name} is left out of the build (apps/web/vite.config.ts)\`); };`,
        ...stubs,
      ].join("\n");
    },
  };
}

/**
 * React Router publishes two builds and its package exports only the development one, whose checks warn the
 * developer in the console (and add a "Hey developer" note to its own error page, which the app's screens never
 * show): about 0.5 KB gzip of every first screen (budget: 170 KB). The builds, the browser's and the server's
 * alike (one markup for hydration), take its production build, the same code without them; tests and
 * development keep the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: "purplebeats-react-router-production",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!/^react-router(\/|$)/.test(source)) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !/[\\/]react-router[\\/]dist[\\/]development[\\/]/.test(resolved.id)) return resolved;
      const production = resolved.id.replace(/([\\/]dist[\\/])development([\\/])/, "$1production$2");
      return existsSync(production) ? { ...resolved, id: production } : resolved;
    },
  };
}

/**
 * In development Vite serves index.html itself, so it names the Pi network as the API's pages do
 * (apps/api/src/web/pages/web-app.ts): PI_SANDBOX of the shell that runs `pnpm dev`, else the simulator's sandbox
 * (the SDK shim says so on its own) or mainnet.
 */
function piNetworkInDevelopment(): Plugin {
  return {
    name: "purplebeats-pi-network",
    apply: "serve",
    transformIndexHtml: () => [
      {
        tag: "meta",
        attrs: {
          name: "pi-network",
          content: /^(1|true)$/.test(process.env.PI_SANDBOX ?? "") ? "sandbox" : "mainnet",
        },
        injectTo: "head",
      },
    ],
  };
}

// The API owns these paths; in dev Vite forwards them so the browser sees one origin (cookies just work).
// In production the API serves the built app itself, so no proxy is involved.
// The API listens on IPv4 loopback in development; "localhost" may resolve to ::1 first.
const API_ORIGIN = process.env.PURPLEBEATS_API_ORIGIN ?? "http://127.0.0.1:3000";
const API_PATHS = ["/trpc", "/api", "/media", "/objects", "/pi-sdk.js", "/pi-sim", "/manifest.webmanifest"];
const proxy = Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN }]));

const start = startChunk();

/**
 * The service worker (src/sw.ts, Workbox) built beside the app as dist/sw.js, with the build's precache list put
 * in: index.html (the offline shell), every chunk and stylesheet, the icons. Not the source maps, nor the .gz
 * and .br copies (the browser asks for the files, the API answers the encodings). The manifest is the API's
 * (apps/api/src/web/pages/app-manifest.ts), and the app registers the worker itself (src/lib/service-worker.ts),
 * in production builds only: development serves no worker (devOptions off).
 */
const serviceWorker = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  injectRegister: false,
  manifest: false,
  includeManifestIcons: false,
  devOptions: { enabled: false },
  injectManifest: {
    rollupFormat: "iife",
    globPatterns: ["index.html", "assets/**/*.{js,css}", "favicon.png", "icons/*.png"],
    globIgnores: ["**/*.map", "**/*.gz", "**/*.br"],
    // React DOM and the start chunk are the largest (about 240 KB each, minified).
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
});

/**
 * The test files of pages/ and features/ (the player's aside) that replace no module (vi.mock) run in the
 * "screens" project, sharing their worker's module graph (isolate: false): importing React, Mantine and the
 * app's modules again for each file was most of their CPU time. A file's own mock would leak into the files
 * after it there, and the lower layers' tests (app/, first-screen/, ui/, lib/) check the modules' own state
 * (screens loaded, the router's history), so those keep a fresh graph per file.
 */
const SHARED_GRAPH_TESTS = readdirSync(path.join(import.meta.dirname, "src"), {
  recursive: true,
  encoding: "utf8",
})
  .map((file) => file.split(path.sep).join("/"))
  .filter((file) => /^(pages|features)\/.*\.test\.tsx?$/.test(file) && !file.startsWith("features/player/"))
  .filter((file) => !readFileSync(path.join(import.meta.dirname, "src", file), "utf8").includes("vi.mock("))
  .map((file) => `src/${file}`);

// Tests wait for conditions, with room for a loaded CI machine (src/test-utils/patience.ts).
const testDefaults = {
  environment: "happy-dom" as const,
  css: false,
  // Threads start faster than forked processes, and both cores are used (vitest's default leaves one free).
  pool: "threads" as const,
  maxWorkers: 2,
  // Bundled once into a file each (node_modules/.vite): importing Mantine's hundreds of modules in every
  // test file was half of a file's time.
  deps: {
    optimizer: {
      client: {
        enabled: true,
        include: [
          "@mantine/core",
          "@mantine/hooks",
          "@mantine/notifications",
          "@tanstack/react-query",
          "@trpc/client",
          "@trpc/react-query",
          "react-router-dom",
          "react-dom",
          "react",
          "superjson",
          "zod",
        ],
      },
    },
  },
  testTimeout: 60_000,
  setupFiles: ["./src/test-utils/patience.ts"],
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    compileHints(),
    precompress(),
    piNetworkInDevelopment(),
    mantineWithoutRuntimeCssVariables(),
    mantineWithoutButtonGroups(),
    mantineButtonsWithoutLoaderTransition(),
    reactRouterProductionBuild(),
    trpcWithoutUncalledQueryHooks(),
    start.plugin,
    catalogs(path.join(import.meta.dirname, "src/i18n/locales")),
    // The server's renderer has no worker of its own.
    ...(isSsrBuild ? [] : [serviceWorker]),
  ],
  // The app is dark only: the light scheme's rules are left out of its stylesheets (build/dark-only-css.ts).
  css: { postcss: { plugins: [darkOnlyCss()] } },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  // The server's renderer (src/entry-server.tsx, `pnpm build` writes it to dist-server) carries its own
  // copy of every library it uses: the API loads one file, with no CSS imports left for Node to choke on.
  ssr: { noExternal: true },
  // ... and React's production build, whatever mode the API runs in: the libraries chose theirs from
  // NODE_ENV at run time, and the API on its embedded defaults runs as development, so every page was
  // rendered by React's development build (its checks, and its warnings in the server's log).
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  build: isSsrBuild
    ? { outDir: "dist-server", target: "node20", sourcemap: false, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: "dist",
        // Hashed file names (Vite's default) let the API cache /assets/* for good.
        assetsDir: "assets",
        sourcemap: true,
        target: "es2022",
        // dist/.vite/manifest.json: which stylesheets and chunks each screen needs (the API links them
        // from the head of a page the server rendered).
        manifest: true,
        // No modulepreload polyfill in the entry (about 0.3 KB gzip of every first screen): the browsers of an
        // ES2022 build preload modules themselves but Safari before 17, which then loads a lazy screen's
        // imports as it finds them. Server-rendered pages load their code without such links (src/boot.ts).
        //
        // And no modulepreload links for what a lazy chunk imports: the browser fetches a module's imports as it
        // parses it, and each link the preload helper put in the head cost the main thread about 1 ms at 4x
        // slowdown (a first visit of search added 36 while it loaded the screens and menus ahead of a tap).
        // Only its stylesheets stay, which a lazy chunk needs before it renders.
        modulePreload: {
          polyfill: false,
          resolveDependencies: (_file, deps, { hostType }) => (hostType === "js" ? [] : deps),
        },
        rolldownOptions: {
          // src/boot.ts: the script of a page the server rendered, in place of index.html's (the API swaps them).
          input: { index: "index.html", boot: "src/boot.ts" },
          // tRPC's client packages do nothing when imported but do not say so (no "sideEffects" field): without
          // this, the links the app never uses (WebSocket, logger) stay in the first screen's code.
          treeshake: {
            //
            // And the app's own modules do nothing when imported but what their exports do (their top-level code
            // still runs wherever one of them is used): a feature's index.ts re-exports its public parts, and a
            // screen that takes one of them must not bring the others into its chunk (or the start's). The
            // stylesheet lists (styles.ts, dialog-styles.ts, menu-styles.ts) are imported for their CSS alone, and
            // ActionIcon.ts re-exports Mantine's with its stylesheet: modules like these keep their side effects.
            moduleSideEffects: [
              { test: /[\\/]node_modules[\\/]@trpc[\\/](client|react-query)[\\/]/, sideEffects: false },
              {
                test: /^(?!.*[\\/]node_modules[\\/]).*[\\/]src[\\/](features|ui|lib|first-screen|pages|app)[\\/](?!.*(styles|ActionIcon)\.ts$).*\.tsx?$/,
                sideEffects: false,
              },
            ],
          },
          // React DOM in a chunk of its own: boot imports it beside the entry, so that the browser runs it as
          // a task of its own instead of within one long task that runs the whole app's code; and what the entry
          // runs at start in one chunk, not twenty-odd small ones (build/start-chunk.ts).
          output: {
            codeSplitting: {
              groups: [
                { name: "react-dom", test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
                { name: "start", test: start.test, priority: 1 },
              ],
            },
          },
        },
      },
  test: {
    projects: [
      {
        extends: true,
        // Screens and shell: the player is a fake (src/test-utils/setup.ts), so these tests check what the
        // screens ask of the player, not how it plays audio.
        test: {
          ...testDefaults,
          name: "screens",
          include: SHARED_GRAPH_TESTS,
          isolate: false,
          setupFiles: [...testDefaults.setupFiles, "./src/test-utils/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          ...testDefaults,
          name: "web",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/features/player/**", ...SHARED_GRAPH_TESTS],
          setupFiles: [...testDefaults.setupFiles, "./src/test-utils/setup.ts"],
        },
      },
      {
        extends: true,
        // The build's own plugins (build/), in Node.
        test: { ...testDefaults, name: "build", environment: "node", include: ["build/**/*.test.ts"] },
      },
      {
        extends: true,
        // The player module's own tests, against the real player.
        test: {
          ...testDefaults,
          name: "player",
          include: ["src/features/player/**/*.test.{ts,tsx}"],
          setupFiles: [...testDefaults.setupFiles, "./src/test-utils/i18n-setup.ts"],
        },
      },
    ],
  },
}));
