// Bundles the API and the workspace packages it uses into dist/main.js. Registry packages stay
// external (installed in node_modules); workspace packages are TypeScript source, so they are bundled.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
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
});
