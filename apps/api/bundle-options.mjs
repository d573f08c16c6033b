// How the API is bundled (build.mjs builds with these; test/bundle-dependencies.test.ts checks that every
// package the bundles leave external can be found from here). Registry packages stay external (installed
// in node_modules); workspace packages are TypeScript source, so they are bundled.

export const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: "external-registry-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@purplebeats/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
};

/** Every bundle in dist/, by its entry point (relative to apps/api). */
export const bundles = [
  { entryPoints: ["src/main.ts"], outfile: "dist/main.js" },
  // The seed's audio workers load `worker-entry.mjs` beside the module that starts them (the bundle).
  { entryPoints: ["../../packages/seed/src/audio/worker.ts"], outfile: "dist/worker-entry.mjs" },
  // The seed's media writer, a child process (packages/seed's media-process.ts forks `media-child-entry.mjs`
  // beside the bundle).
  { entryPoints: ["../../packages/seed/src/media-child.ts"], outfile: "dist/media-child-entry.mjs" },
  // The page renderer's worker (src/web/pages/page-renderer.ts starts `page-worker-entry.mjs` beside the bundle).
  { entryPoints: ["src/web/pages/page-worker.ts"], outfile: "dist/page-worker-entry.mjs" },
];
