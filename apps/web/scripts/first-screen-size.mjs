// How much JS and CSS the first screen (/) downloads, gzip-compressed: the entry chunk, the Home screen's
// lazy chunk and everything they import statically, with their CSS. Budget: 170 KB.
// Usage: node scripts/first-screen-size.mjs [outDir]   (needs a build made with --manifest)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 170;
const FIRST_SCREEN_MODULES = ["index.html", "src/pages/HomePage.tsx"];

const outDir = process.argv[2] ?? "dist";
const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
FIRST_SCREEN_MODULES.forEach(visit);

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(`${totalKb.toFixed(1).padStart(7)} KB  first screen (JS + CSS, gzip), budget ${BUDGET_KB} KB`);
if (totalKb > BUDGET_KB) process.exitCode = 1;
