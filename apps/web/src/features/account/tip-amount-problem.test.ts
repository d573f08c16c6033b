import english from "virtual:purplebeats-catalog/en";
import serbian from "virtual:purplebeats-catalog/sr-Latn";
import { describe, expect, it } from "vitest";
import { createI18n, type CatalogLocale, type Translate } from "../../i18n";
import { amountProblemText } from "./TipArtistDialog";

const translator = (locale: CatalogLocale, messages: typeof english): Translate => {
  const i18n = createI18n(locale, messages);
  return (key, values) => i18n._(key, values);
};

describe("a custom tip's amount problem", () => {
  it("reads as SPEC.md spells it in English, and in the listener's language and number forms otherwise", () => {
    expect(amountProblemText(2000, translator("en", english), "en")).toBe("A tip is between 0.1 and 1000 π");
    expect(amountProblemText(1.234, translator("en", english), "en")).toBe("A tip has at most 2 decimals");
    expect(amountProblemText(0.05, translator("sr-Latn", serbian), "sr-Latn")).toBe(
      "Napojnica je između 0,1 i 1000 π",
    );
    expect(amountProblemText(3.14, translator("sr-Latn", serbian), "sr-Latn")).toBeNull();
  });
});
