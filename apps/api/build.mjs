// Bundles the API and the workspace packages it uses into dist/main.js. Registry packages stay
// external (installed in node_modules); workspace packages are TypeScript source, so they are bundled.
import { build } from "esbuild";

const common = {
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

await build({ ...common, entryPoints: ["src/main.ts"], outfile: "dist/main.js" });
// The seed's audio workers load `worker-entry.mjs` beside the module that starts them (the bundle).
await build({
  ...common,
  entryPoints: ["../../packages/seed/src/audio/worker.ts"],
  outfile: "dist/worker-entry.mjs",
});
// The page renderer's worker (src/web/pages/web-app.ts starts `page-worker-entry.mjs` beside the bundle).
await build({
  ...common,
  entryPoints: ["src/web/pages/page-worker.ts"],
  outfile: "dist/page-worker-entry.mjs",
});
