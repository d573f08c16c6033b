import { describe, expect, it } from "vitest";
import english from "virtual:purplebeats-catalog/en";
import serbian from "virtual:purplebeats-catalog/sr-Latn";
import { createI18n, type Translate } from "../../i18n";
import { formatListeningTime } from "./profile-format";

const en: Translate = (key, values) => createI18n("en", english)._(key, values);

describe("formatListeningTime", () => {
  it("says hours from one hour on, with thousands separators", () => {
    expect(formatListeningTime(1284 * 3600 + 59, en)).toBe("1,284 hours");
    expect(formatListeningTime(3600, en)).toBe("1 hour");
    expect(formatListeningTime(2 * 3600 + 1800, en)).toBe("2 hours");
  });

  it("says minutes below an hour", () => {
    expect(formatListeningTime(45 * 60 + 30, en)).toBe("45 minutes");
    expect(formatListeningTime(60, en)).toBe("1 minute");
    expect(formatListeningTime(0, en)).toBe("0 minutes");
    expect(formatListeningTime(Number.NaN, en)).toBe("0 minutes");
  });

  it("counts in the listener's language, its plural forms included", () => {
    const sr: Translate = (key, values) => createI18n("sr-Latn", serbian)._(key, values);
    expect([1, 3, 5, 21].map((hours) => formatListeningTime(hours * 3600, sr))).toEqual([
      "1 sat",
      "3 sata",
      "5 sati",
      "21 sat",
    ]);
  });
});
