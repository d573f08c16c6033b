// The built server (dist/*.js) imports registry packages from node_modules at run time, resolved from
// apps/api: under pnpm's strict layout a package that only a bundled workspace package declares is not
// found there. (`@ffmpeg-installer/ffmpeg`, declared by packages/media alone, was missing: on a machine
// without a system FFmpeg, `pnpm start` never encoded the seed's renditions.)
import { existsSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { bundles, common } from "../bundle-options.mjs";

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Whether Node finds package `name` from `file` as it would at run time: in a node_modules folder of the file's
 * folder or one above it. (Not with require.resolve: test runners widen its search.)
 */
function installedFor(file: string, name: string): boolean {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/** The package a bare import names: `pkg` of `pkg/sub`, `@scope/pkg` of `@scope/pkg/sub`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

describe("the built server's run-time imports", () => {
  it("every registry package a bundle leaves external is found from apps/api", async () => {
    const missing: string[] = [];
    for (const bundle of bundles) {
      const result = await build({
        ...common,
        ...bundle,
        absWorkingDir: apiDir,
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const external = Object.values(result.metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((imported) => imported.external && !isBuiltin(imported.path))
        .map((imported) => packageOf(imported.path));
      for (const name of new Set(external)) {
        if (!installedFor(path.join(apiDir, bundle.outfile), name))
          missing.push(`${name} (${bundle.outfile})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
