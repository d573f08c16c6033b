// How much each benchmarked route's first screen needs, gzip-compressed: the JS and CSS it downloads (the entry
// chunk, the route's lazy screen (and the rows' hearts) and everything they import statically, with their CSS,
// and the script that loads them on a page the server rendered, src/boot.ts) and all that the page carries
// inline (the language's messages, the reads' data the screen was drawn from, index.html's own style; counted
// by @purplebeats/contracts/page-inline, as `pnpm bench` counts it).
// Budget: 170 KB per route (the routes of bench/src/benchmarks/web.ts, counted the same way).
// The inline part comes from the server renderer itself (src/entry-server.tsx), rendering each route in every
// language (the largest counts) with its reads answered as a server with the seed catalog answers them
// (build/first-screen-answers.mjs: a recording, `--record <origin>` refreshes it). The screen's own
// stylesheets are inline too, as the server inlines them (one style element, each file marked by a disabled
// link): counted there, together, and not as files (inlinedStylesheets), as `pnpm bench` counts the real page.
// Usage: node scripts/first-screen-size.mjs [outDir] [serverOutDir] [--record <origin>]   (a build made with
// --manifest, and the server renderer's build: `vite build --ssr src/entry-server.tsx`)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { inlineBytes, inlinedStylesheets } from "@purplebeats/contracts/page-inline";
import { answeringFrom, recordingFrom } from "../build/first-screen-answers.mjs";

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

const args = process.argv.slice(2);
const recordAt = args.indexOf("--record");
const recordFrom = recordAt >= 0 ? args.splice(recordAt, 2)[1] : undefined;
const outDir = args[0] ?? "dist";
const serverOutDir = args[1] ?? "dist-server";
const ANSWERS_FILE = new URL("../build/first-screen-answers.json", import.meta.url);
const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8"));
const indexHtml = readFileSync(join(outDir, "index.html"), "utf8");
const { renderFirstScreen } = await import(pathToFileURL(resolve(serverOutDir, "entry-server.js")).href);
/** The languages the server draws pages in (a folder of messages each). */
const LOCALES = readdirSync(new URL("../src/i18n/locales", import.meta.url)).sort();
/** The reads' answers: recorded from a server (--record), else as last recorded. */
const answers = recordFrom ? {} : JSON.parse(readFileSync(ANSWERS_FILE, "utf8"));
const callApi = recordFrom ? recordingFrom(recordFrom, answers) : answeringFrom(answers);

/**
 * The route's page as the server draws it: index.html with the screen's own stylesheets inline in its head
 * (those index.html does not link itself, as apps/api's page-renderer.ts inlines them) and the render's
 * markup and scripts in its body.
 */
function drawnPage(files, html, stateScript) {
  const own = [...files].filter((file) => file.endsWith(".css") && !indexHtml.includes(`/${file}"`));
  const styles = own.map((file) => readFileSync(join(outDir, file), "utf8")).join("");
  const marks = own.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join("");
  return indexHtml
    .replace("</head>", () => `<style>${styles}</style>${marks}</head>`)
    .replace("</body>", () => `${html}${stateScript}</body>`);
}

/** The page's inline part in the language whose is largest (each language's messages are its own size). */
async function largestInline(url, files) {
  let largest = { inline: -1, locale: "", data: 0, stylesheets: [] };
  for (const locale of LOCALES) {
    // The markup too: a component may draw a style element of its own (Mantine's responsive props).
    const { html, stateScript } = await renderFirstScreen(url, { callApi, locale });
    const page = drawnPage(files, html, stateScript);
    const inline = inlineBytes(page);
    if (inline > largest.inline) {
      // Of which the reads' data (the state script alone), to tell it from the messages in the figures.
      const state = stateScript.slice(0, stateScript.indexOf("</script>") + "</script>".length);
      largest = { inline, locale, data: inlineBytes(state), stylesheets: inlinedStylesheets(page) };
    }
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
  const all = firstScreenFiles(modules);
  const { inline, locale, data, stylesheets } = await largestInline(url, all);
  let total = 0;
  for (const file of [...all].filter((file) => !stylesheets.includes(file)).sort()) {
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  total += inline;
  console.log(
    `${(inline / 1024).toFixed(1).padStart(7)} KB  inline in the page (messages, the reads' data, styles: ${stylesheets.length} of the screen's stylesheets among them), ${locale}; the reads' data alone ${(data / 1024).toFixed(1)} KB`,
  );
  const totalKb = total / 1024;
  console.log(
    `${totalKb.toFixed(1).padStart(7)} KB (${total} B)  first screen of ${route} (JS + CSS + inline, gzip), budget ${BUDGET_KB} KB\n`,
  );
  if (totalKb > BUDGET_KB) process.exitCode = 1;
}
if (recordFrom) {
  writeFileSync(ANSWERS_FILE, `${JSON.stringify(answers, null, 2)}\n`);
  console.log(
    `Recorded ${Object.keys(answers).length} answers from ${recordFrom} in ${ANSWERS_FILE.pathname}`,
  );
}
// The renders' query caches keep timers (their entries' garbage collection, minutes away): the check is done.
process.exit();
