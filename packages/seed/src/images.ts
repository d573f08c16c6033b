// Generated SVG artwork: a gradient, a few shapes chosen by a hash of the name, and the title.
// Deterministic (the same name draws the same picture) and small (well under 3 KB).
import { createRng, type Rng } from "./audio/prng.js";

const SIZE = 300;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const n = (value: number) => Number(value.toFixed(1)).toString();

/** Breaks a title into at most three lines of about `width` characters. */
export function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > 3)
    return [
      ...lines.slice(0, 2),
      `${lines
        .slice(2)
        .join(" ")
        .slice(0, width - 1)}…`,
    ];
  return lines;
}

function gradient(rng: Rng, hueRange: [number, number]): { defs: string; hue: number } {
  const hue = rng.range(hueRange[0], hueRange[1]);
  const second = hue + rng.range(35, 110);
  const angle = rng.pick([
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 0, 0, 1],
  ] as const);
  const defs =
    `<linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}">` +
    `<stop offset="0" stop-color="hsl(${n(hue % 360)},70%,52%)"/>` +
    `<stop offset="1" stop-color="hsl(${n(second % 360)},65%,22%)"/></linearGradient>`;
  return { defs, hue };
}

/** One of four abstract motifs: bubbles, rings, waves or stripes. */
function shapes(rng: Rng): string {
  const parts: string[] = [];
  const variant = rng.int(0, 3);
  if (variant === 0) {
    for (let i = 0; i < 5; i++) {
      parts.push(
        `<circle cx="${n(rng.range(0, SIZE))}" cy="${n(rng.range(0, SIZE * 0.7))}" r="${n(rng.range(20, 90))}" fill="#fff" opacity="${n(rng.range(0.06, 0.2))}"/>`,
      );
    }
  } else if (variant === 1) {
    const cx = n(rng.range(60, 240));
    const cy = n(rng.range(40, 160));
    for (let r = 30; r < 260; r += rng.range(22, 40)) {
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${n(r)}" fill="none" stroke="#fff" stroke-width="${n(rng.range(2, 7))}" opacity="0.16"/>`,
      );
    }
  } else if (variant === 2) {
    for (let i = 0; i < 4; i++) {
      const y = 40 + i * 45 + rng.range(-10, 10);
      const a = rng.range(15, 35);
      parts.push(
        `<path d="M0 ${n(y)} Q75 ${n(y - a)} 150 ${n(y)} T300 ${n(y)}" fill="none" stroke="#fff" stroke-width="${n(rng.range(3, 9))}" opacity="0.18"/>`,
      );
    }
  } else {
    const angle = n(rng.range(-40, 40));
    for (let i = 0; i < 5; i++) {
      parts.push(
        `<rect x="${n(-60 + i * 80 + rng.range(-10, 10))}" y="-80" width="${n(rng.range(14, 40))}" height="460" fill="#fff" opacity="0.12" transform="rotate(${angle} 150 150)"/>`,
      );
    }
  }
  return parts.join("");
}

function textBlock(title: string, subtitle: string | null): string {
  const lines = wrapTitle(title, 14);
  const fontSize = lines.some((l) => l.length > 11) ? 28 : 34;
  const lineHeight = fontSize * 1.1;
  const bottom = subtitle ? 250 : 270;
  const top = bottom - (lines.length - 1) * lineHeight;
  const tspans = lines
    .map((line, i) => `<tspan x="20" y="${n(top + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  const sub = subtitle
    ? `<text x="20" y="280" font-size="15" fill="#fff" opacity="0.85">${escapeXml(subtitle)}</text>`
    : "";
  return `<text font-size="${fontSize}" font-weight="700" fill="#fff">${tspans}</text>${sub}`;
}

const svg = (defs: string, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${escapeXml(label)}" font-family="Helvetica,Arial,sans-serif"><defs>${defs}</defs><rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>${body}</svg>\n`;

/** An album cover: title and artist over an abstract gradient. */
export function albumCoverSvg(title: string, artist: string): string {
  const rng = createRng(`cover:${title}`);
  const { defs } = gradient(rng, [0, 360]);
  return svg(defs, shapes(rng) + textBlock(title, artist), `${title} by ${artist}`);
}

/** A system playlist cover: always in PurpleBeats purples, with the brand name. */
export function playlistCoverSvg(name: string): string {
  const rng = createRng(`playlist:${name}`);
  const { defs } = gradient(rng, [255, 300]);
  return svg(defs, shapes(rng) + textBlock(name, "PurpleBeats"), name);
}

/** An artist portrait placeholder: initials on rings. */
export function artistImageSvg(name: string): string {
  const rng = createRng(`artist:${name}`);
  const { defs } = gradient(rng, [0, 360]);
  const initials = name
    .split(/\s+/)
    .filter(
      (word, i, words) =>
        /^[\p{L}\p{N}]/u.test(word) && !(i === 0 && words.length > 2 && /^the$/i.test(word)),
    )
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  const rings = [70, 100, 130]
    .map(
      (r) =>
        `<circle cx="150" cy="150" r="${r}" fill="none" stroke="#fff" stroke-width="${n(rng.range(2, 6))}" opacity="0.15"/>`,
    )
    .join("");
  const text = `<text x="150" y="150" text-anchor="middle" dominant-baseline="central" font-size="96" font-weight="700" fill="#fff">${escapeXml(initials)}</text>`;
  return svg(defs, rings + text, name);
}
