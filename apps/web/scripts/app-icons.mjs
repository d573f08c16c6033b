// Draws the installed app's icons (public/icons/, named by the web app manifest the API serves:
// apps/api/src/web/pages/app-manifest.ts) from the favicon's drawing, public/favicon.svg. Run by hand when the
// drawing changes (`node apps/web/scripts/app-icons.mjs`); the PNGs are committed. sharp comes from the API,
// which draws the catalog's pictures with it.
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(new URL("../../api/package.json", import.meta.url));
const sharp = require("sharp");

const publicDir = new URL("../public/", import.meta.url);
const favicon = await readFile(new URL("favicon.svg", publicDir), "utf8");
/** The note alone (the favicon's path), on the favicon's 32-unit grid. */
const note = /<path [^>]*\/>/.exec(favicon)?.[0];
if (!note) throw new Error("favicon.svg has no path");

/** The note on a full-bleed square: the whole icon is the launcher's to mask, the note within its safe circle. */
const fullBleed = (noteScale) => {
  const offset = (32 - 32 * noteScale) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#7e22ce"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${noteScale})">${note}</g></svg>`
  );
};

const icons = [
  // 'any': the favicon's rounded square, as browsers and launchers show it unmasked.
  { file: "icon-192.png", size: 192, svg: favicon },
  { file: "icon-512.png", size: 512, svg: favicon },
  // 'maskable': the note within the middle 60 % (the safe zone is a circle of 80 %).
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed(0.6) },
  // iOS's home screen rounds the corners itself.
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed(0.75) },
];

for (const { file, size, svg } of icons) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(new URL(`icons/${file}`, publicDir), png);
  console.log(`public/icons/${file}: ${size}x${size}, ${png.length} bytes`);
}
