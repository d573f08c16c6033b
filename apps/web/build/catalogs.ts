// The message catalogs (src/i18n/locales/<locale>/messages.json, ICU MessageFormat) compiled at build time
// into Lingui's compiled form: the browser gets no message parser, only the chosen language's messages.
// Each is a module of its own, `virtual:purplebeats-catalog/<locale>`, which the app imports lazily (one
// chunk per language) and the server renderer inlines in the page it draws. `en-XA` is English made
// longer and accented, to find clipped and hard-coded text in development.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const PREFIX = "virtual:purplebeats-catalog/";
const RESOLVED = "\0purplebeats-catalog:";
export const PSEUDO_LOCALE = "en-XA";

const ACCENTED: Record<string, string> = {
  a: "à",
  b: "ƀ",
  c: "ç",
  d: "ð",
  e: "é",
  f: "ƒ",
  g: "ĝ",
  h: "ĥ",
  i: "î",
  j: "ĵ",
  k: "ķ",
  l: "ļ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  q: "ǫ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "û",
  v: "ṽ",
  w: "ŵ",
  x: "ẋ",
  y: "ý",
  z: "ž",
  A: "Å",
  B: "Ɓ",
  C: "Ç",
  D: "Ð",
  E: "É",
  F: "Ƒ",
  G: "Ĝ",
  H: "Ĥ",
  I: "Î",
  J: "Ĵ",
  K: "Ķ",
  L: "Ļ",
  M: "Ṁ",
  N: "Ñ",
  O: "Ö",
  P: "Þ",
  Q: "Ǫ",
  R: "Ŕ",
  S: "Š",
  T: "Ţ",
  U: "Û",
  V: "Ṽ",
  W: "Ŵ",
  X: "Ẋ",
  Y: "Ý",
  Z: "Ž",
};

/** A text accented and about 40 % longer (its vowels doubled, then padded), its placeholders left as they are. */
export function pseudoText(text: string): string {
  if (!text.trim()) return text;
  const accented = [...text].map((ch) => ACCENTED[ch] ?? ch).join("");
  const extra = Math.ceil(text.length * 0.4);
  const padding = "~".repeat(Math.max(0, extra - 2));
  return `[${accented}${padding}]`;
}

export type CatalogSource = Record<string, string>;

/** Every message of `source` in Lingui's compiled form (a parse error names the message's key). */
export function compileCatalog(source: CatalogSource, pseudo = false): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      compiled[key] = compileMessageOrThrow(message, pseudo ? pseudoText : undefined);
    } catch (error) {
      throw new Error(`catalog message ${key}: ${String(error)}`, { cause: error });
    }
  }
  return compiled;
}

export function catalogs(localesDir: string): Plugin {
  return {
    name: "purplebeats-catalogs",
    enforce: "pre",
    resolveId(source) {
      return source.startsWith(PREFIX) ? RESOLVED + source.slice(PREFIX.length) : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      const pseudo = locale === PSEUDO_LOCALE;
      if (!/^[a-zA-Z-]+$/.test(locale)) throw new Error(`no catalog ${locale}`);
      const read = async (name: string) => {
        const file = path.join(localesDir, name, "messages.json");
        this.addWatchFile(file);
        return JSON.parse(await readFile(file, "utf8")) as CatalogSource;
      };
      const english = await read("en");
      // A message a language lacks falls back to English (the completeness test keeps shipped ones whole).
      const source = pseudo || locale === "en" ? english : { ...english, ...(await read(locale)) };
      return `export default ${JSON.stringify(compileCatalog(source, pseudo))};`;
    },
  };
}
