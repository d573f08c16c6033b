// The server's catalogs (src/infra/i18n/locales/<locale>/messages.json: Open Graph text, notifications) are
// complete: one folder per language, every language holds exactly English's keys with English's
// placeholders, every message compiles, and no key is one nothing in the server's code uses.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { compiledPlaceholders, LOCALES } from "@purplebeats/contracts/constants";
import { describe, expect, it } from "vitest";
import { translatorFor } from "../src/infra/i18n/translator.js";

const SRC = path.resolve(import.meta.dirname, "../src");
const LOCALES_DIR = path.join(SRC, "infra/i18n/locales");
const catalog = (locale: string) =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, "messages.json"), "utf8")) as Record<string, string>;
const english = catalog("en");

const placeholders = (message: string) => compiledPlaceholders(compileMessageOrThrow(message));

describe("the server's catalogs", () => {
  it("hold one folder per language", () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALES].sort());
  });

  it("use no key that nothing in the server's code uses", () => {
    const source = readdirSync(SRC, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => readFileSync(path.join(SRC, file), "utf8"))
      .join("\n");
    expect(Object.keys(english).filter((key) => !source.includes(`"${key}"`))).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== "en"))(
    "%s: translates every key, with English's placeholders",
    (locale) => {
      const translated = catalog(locale);
      expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(translated)) {
        expect({ key, names: placeholders(message) }).toEqual({ key, names: placeholders(english[key]!) });
        expect(() => compileMessageOrThrow(message)).not.toThrow();
      }
    },
  );

  it("formats plurals by each language's rules, English for a language it does not know", () => {
    expect(translatorFor("en")("og.playlist", { count: 1 })).toBe("Playlist • 1 song");
    expect(translatorFor("sr-Latn")("og.playlist", { count: 3 })).toBe("Plejlista • 3 pesme");
    expect(translatorFor("vi")("og.playlist", { count: 3 })).toBe("Danh sách phát • 3 bài hát");
    expect(translatorFor("xx")("og.artist")).toBe("Artist • Listen on PurpleBeats");
    expect(translatorFor(null)("og.artist")).toBe("Artist • Listen on PurpleBeats");
  });
});
