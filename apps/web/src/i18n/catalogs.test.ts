// The catalogs are complete: every key the code uses is in English's catalog (the type `MessageKey` checks the
// calls), English holds no key that nothing uses, and every language the picker offers translates every key
// with the same placeholders. A language not yet offered may be partial (English fills its gaps at run
// time) but holds no key English lacks.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compiledPlaceholders, LOCALES } from "@purplebeats/contracts/constants";
import { API_ERROR_MESSAGES } from "@purplebeats/contracts/error-codes";
import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../build/catalogs";
import { OFFERED_LOCALES } from "./language-names";

const SRC = path.resolve(import.meta.dirname, "..");
const LOCALES_DIR = path.join(import.meta.dirname, "locales");
const catalog = (locale: string) =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, "messages.json"), "utf8")) as Record<string, string>;
const english = catalog("en");

/** The app's source (tests aside): where a key is used, as a string literal. */
function sourceText(): string {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|test-utils|\.d\.ts$/.test(file))
    .map((file) => readFileSync(path.join(SRC, file), "utf8"))
    .join("\n");
}

/** The names of a message's placeholders ({name}, {count, plural, ...}), sorted, from its compiled form. */
const placeholders = (message: string) => compiledPlaceholders(compileCatalog({ message }).message);

describe("the catalogs", () => {
  it("hold one folder per language the app knows", () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort());
  });

  it("use no key that nothing in the code uses", () => {
    const source = sourceText();
    // The API's error codes name their messages by rule (`error.<code>`, lib/error-messages.ts).
    const byCode = new Set(Object.keys(API_ERROR_MESSAGES).map((code) => `error.${code}`));
    const unused = Object.keys(english).filter((key) => !source.includes(`"${key}"`) && !byCode.has(key));
    expect(unused).toEqual([]);
  });

  it.each(OFFERED_LOCALES.filter((locale) => locale !== "en"))(
    "translate every key in %s, the picker offers it",
    (locale) => {
      const translated = catalog(locale);
      expect(Object.keys(english).filter((key) => !(key in translated))).toEqual([]);
    },
  );

  it.each(LOCALES.filter((locale) => locale !== "en"))(
    "%s: holds no key English lacks, and each message has English's placeholders and compiles",
    (locale) => {
      const translated = catalog(locale);
      expect(Object.keys(translated).filter((key) => !(key in english))).toEqual([]);
      for (const [key, message] of Object.entries(translated)) {
        expect({ key, names: placeholders(message) }).toEqual({ key, names: placeholders(english[key]!) });
      }
      expect(() => compileCatalog(translated)).not.toThrow();
    },
  );
});
