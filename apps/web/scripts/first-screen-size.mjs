// How much each benchmarked route's first screen needs, gzip-compressed: the JS and CSS it downloads (the entry
// chunk, the route's lazy screen (and the rows' hearts) and everything they import statically, with their CSS,
// and the script that loads them on a page the server rendered, src/boot.ts) and what the page carries inline
// (the language's messages the server renderer puts in it, index.html's own style; build/inline-bytes.mjs).
// Budget: 170 KB per route (the routes of bench/src/benchmarks/web.ts, counted the same way).
// The inline part comes from the server renderer itself (src/entry-server.tsx), rendering each route in every
// language (the largest counts) with its reads unanswered: the messages are all there, the screen's data is not (it is the page's content, as
// its markup is, not what draws it). A screen's stylesheets the server inlines are counted as the files above.
// Usage: node scripts/first-screen-size.mjs [outDir] [serverOutDir]   (a build made with --manifest, and
// the server renderer's build: `vite build --ssr src/entry-server.tsx`)
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { inlineBytes } from "../build/inline-bytes.mjs";

const BUDGET_KB = 170;
/** The rows' hearts: every route here server-renders song rows, and such a page loads their code at its start. */
const ROW_HEARTS = "src/features/library/LikeSongButton.tsx";
/** Each route, the page rendered for it (an artist that is not there renders the screen all the same), and its modules. */
const ROUTES = {
  "/": { url: "/", modules: ["src/pages/HomePage.tsx", ROW_HEARTS] },
  "/search?q=a": { url: "/search?q=a", modules: ["src/pages/SearchPage.tsx", ROW_HEARTS] },
  "/playlist/discover-weekly": {
    url: "/playlist/discover-weekly",
    modules: ["src/pages/PlaylistPage.tsx", ROW_HEARTS],
  },
  "/artist/{id}": {
    url: "/artist/00000000-0000-4000-8000-000000000000",
    modules: ["src/pages/ArtistPage.tsx", ROW_HEARTS],
  },
};

const outDir = process.argv[2] ?? "dist";
const serverOutDir = process.argv[3] ?? "dist-server";
const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));
const indexHtml = readFileSync(join(outDir, "index.html"), "utf8");
const { renderFirstScreen } = await import(pathToFileURL(resolve(serverOutDir, "entry-server.js")).href);
/** The languages the server draws pages in (a folder of messages each). */
const LOCALES = readdirSync(new URL("../src/i18n/locales", import.meta.url)).sort();
/** The size check has no API: every read fails at once, and the screen renders as it does while loading. */
const unanswered = async () => new Response(null, { status: 503 });

/** The page's inline part in the language whose is largest (each language's messages are its own size). */
async function largestInline(url) {
  let largest = { inline: -1, locale: "" };
  for (const locale of LOCALES) {
    // The markup too: a component may draw a style element of its own (Mantine's responsive props).
    const { html, stateScript } = await renderFirstScreen(url, { callApi: unanswered, locale });
    const inline = inlineBytes(indexHtml.replace("</body>", () => `${html}${stateScript}</body>`));
    if (inline > largest.inline) largest = { inline, locale };
  }
  return largest;
}

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

for (const [route, { url, modules }] of Object.entries(ROUTES)) {
  console.log(route);
  let total = 0;
  for (const file of [...firstScreenFiles(modules)].sort()) {
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  const { inline, locale } = await largestInline(url);
  total += inline;
  console.log(
    `${(inline / 1024).toFixed(1).padStart(7)} KB  inline in the page (messages, data, styles), ${locale}`,
  );
  const totalKb = total / 1024;
  console.log(
    `${totalKb.toFixed(1).padStart(7)} KB (${total} B)  first screen of ${route} (JS + CSS + inline, gzip), budget ${BUDGET_KB} KB\n`,
  );
  if (totalKb > BUDGET_KB) process.exitCode = 1;
}
// The renders' query caches keep timers (their entries' garbage collection, minutes away): the check is done.
process.exit();
