import { describe, expect, it } from "vitest";
import { formatListeningTime } from "./profile-format";

describe("formatListeningTime", () => {
  it("says hours from one hour on, with thousands separators", () => {
    expect(formatListeningTime(1284 * 3600 + 59)).toBe("1,284 hours");
    expect(formatListeningTime(3600)).toBe("1 hour");
    expect(formatListeningTime(2 * 3600 + 1800)).toBe("2 hours");
  });

  it("says minutes below an hour", () => {
    expect(formatListeningTime(45 * 60 + 30)).toBe("45 minutes");
    expect(formatListeningTime(60)).toBe("1 minute");
    expect(formatListeningTime(0)).toBe("0 minutes");
    expect(formatListeningTime(Number.NaN)).toBe("0 minutes");
  });
});
