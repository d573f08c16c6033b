import { describe, expect, it } from "vitest";
import { compiledPlaceholders, directionOf, matchLocale, negotiateLocale } from "../src/locales.js";

describe("a page's language from the browser's (Accept-Language)", () => {
  it("takes the most wanted language we speak, by q weight, else English", () => {
    expect(negotiateLocale("fr-FR, vi;q=0.8, en;q=0.5")).toBe("vi");
    expect(negotiateLocale("en;q=0.4, ko;q=0.9")).toBe("ko");
    expect(negotiateLocale("fr, de")).toBe("en");
    expect(negotiateLocale(undefined)).toBe("en");
    expect(negotiateLocale("vi;q=0, ar")).toBe("ar");
  });

  it("maps a region or script to the variant we have", () => {
    expect(matchLocale("sr")).toBe("sr-Latn");
    expect(matchLocale("sr-Latn-RS")).toBe("sr-Latn");
    expect(matchLocale("zh-Hant-TW")).toBe("zh-TW");
    expect(matchLocale("zh-HK")).toBe("zh-TW");
    expect(matchLocale("zh")).toBe("zh-CN");
    expect(matchLocale("pt-PT")).toBe("pt-BR");
    expect(matchLocale("es-419")).toBe("es");
    expect(matchLocale("tl-PH")).toBe("fil");
    expect(matchLocale("ar-EG")).toBe("ar");
    expect(matchLocale("*")).toBeNull();
  });

  it("writes Arabic right to left", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("en")).toBe("ltr");
  });
});

describe("a compiled message's placeholders (the catalogs' checks)", () => {
  it("names each once, sorted, a plural's and a select's branches included, and no branch's words", () => {
    // Lingui's compiled form of 'Scan {id}: {state, select, running {r} other {{state}}} {count, plural, ...}'.
    const tokens = [
      "Scan ",
      ["id"],
      ": ",
      ["state", "select", { running: "r", other: [["state"]] }],
      ["count", "plural", { one: ["# x ", ["who"]], other: "#" }],
    ];
    expect(compiledPlaceholders(tokens)).toEqual(["count", "id", "state", "who"]);
    expect(compiledPlaceholders("plain text")).toEqual([]);
  });
});
