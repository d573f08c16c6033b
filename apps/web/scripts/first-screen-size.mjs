// How much JS and CSS each benchmarked route's first screen downloads, gzip-compressed: the entry chunk,
// the route's lazy screen (and the rows' hearts) and everything they import statically, with their CSS, and the script that
// loads them on a page the server rendered (src/boot.ts). Budget: 170 KB per route (the routes of bench/src/benchmarks/web.ts,
// counted the same way).
// Usage: node scripts/first-screen-size.mjs [outDir]   (needs a build made with --manifest)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 170;
/** The rows' hearts: every route here server-renders song rows, and such a page loads their code at its start. */
const ROW_HEARTS = "src/features/library/LikeSongButton.tsx";
const ROUTES = {
  "/": ["src/pages/HomePage.tsx", ROW_HEARTS],
  "/search?q=a": ["src/pages/SearchPage.tsx", ROW_HEARTS],
  "/playlist/discover-weekly": ["src/pages/PlaylistPage.tsx", ROW_HEARTS],
  "/artist/{id}": ["src/pages/ArtistPage.tsx", ROW_HEARTS],
};

const outDir = process.argv[2] ?? "dist";
const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));

function firstScreenFiles(modules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  ["index.html", "src/boot.ts", ...modules].forEach(visit);
  return files;
}

for (const [route, modules] of Object.entries(ROUTES)) {
  console.log(route);
  let total = 0;
  for (const file of [...firstScreenFiles(modules)].sort()) {
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  const totalKb = total / 1024;
  console.log(
    `${totalKb.toFixed(1).padStart(7)} KB (${total} B)  first screen of ${route} (JS + CSS, gzip), budget ${BUDGET_KB} KB\n`,
  );
  if (totalKb > BUDGET_KB) process.exitCode = 1;
}
