// Bundles the API and the workspace packages it uses into dist/ (bundle-options.mjs says how).
import { build } from "esbuild";
import { bundles, common } from "./bundle-options.mjs";

for (const bundle of bundles) await build({ ...common, ...bundle });
