// The languages PurpleBeats speaks, shared by the server (which picks one for a page) and the web app
// (which draws its strings from that language's catalog). English is the default: SPEC.md's strings.

export const LOCALES = [
  "en",
  "sr-Latn",
  "vi",
  "ko",
  "zh-CN",
  "zh-TW",
  "id",
  "fil",
  "hi",
  "es",
  "pt-BR",
  "ar",
] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that keeps a visitor's choice of language (also kept on a listener's profile). */
export const LOCALE_COOKIE = "pb_locale";

/** Languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr";
}

/**
 * The supported language a tag names: exact (case aside), then by script or region where the language has
 * two (zh-Hant, zh-HK -> zh-TW; sr -> sr-Latn; pt -> pt-BR; tl -> fil), then by its language alone.
 */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const [language = "", ...rest] = lower.split(/[-_]/);
  if (language === "zh") {
    return rest.some((part) => ["hant", "tw", "hk", "mo"].includes(part)) ? "zh-TW" : "zh-CN";
  }
  if (language === "tl") return "fil";
  return LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === language) ?? null;
}

/** The language an `Accept-Language` header prefers among ours (by its q weights), else the default. */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The placeholders a message compiled by Lingui names (`[name]`, `[name, "plural", { one: [...], ... }]`), its
 * branches' included, sorted: every language's catalog check compares a translation's with English's.
 */
export function compiledPlaceholders(tokens: unknown): string[] {
  const names = new Set<string>();
  const walk = (part: unknown): void => {
    if (!Array.isArray(part)) return;
    for (const token of part as unknown[]) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      Object.values((token[2] ?? {}) as Record<string, unknown>).forEach(walk);
    }
  };
  walk(tokens);
  return [...names].sort();
}
