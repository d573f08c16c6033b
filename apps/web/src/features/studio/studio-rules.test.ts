import { describe, expect, it } from "vitest";
import { countryName, payoutBlock, payoutUnderWay, regionOf } from "./studio-rules";

describe("the studio's payout rule", () => {
  it("offers a payout from the minimum on, and says why not below it or while payouts are off", () => {
    const on = { enabled: true, minimum: "1" };
    expect(payoutBlock(on, "1")).toBeNull();
    expect(payoutBlock(on, "12.5")).toBeNull();
    expect(payoutBlock(on, "0.9999999")).toBe("belowMinimum");
    expect(payoutBlock(on, "0")).toBe("belowMinimum");
    expect(payoutBlock({ enabled: false, minimum: "1" }, "50")).toBe("off");
  });

  it("keeps asking about a payout until Pi completes it or it ends otherwise", () => {
    expect(["requested", "created", "submitted"].every(payoutUnderWay)).toBe(true);
    expect(["completed", "cancelled", "failed"].some(payoutUnderWay)).toBe(false);
  });
});

describe("where a listener's language points", () => {
  it("names the country of a one-country language in the reader's language", () => {
    expect(regionOf("vi")).toEqual({ kind: "country", code: "VN" });
    expect(regionOf("pt-BR")).toEqual({ kind: "country", code: "BR" });
    expect(countryName("VN", "en")).toBe("Vietnam");
    expect(countryName("BR", "pt-BR")).toBe("Brasil");
  });

  it("calls English, Spanish and Arabic language regions, and says when no language was chosen", () => {
    expect(regionOf("en")).toEqual({ kind: "languageRegion", language: "en" });
    expect(regionOf("es")).toEqual({ kind: "languageRegion", language: "es" });
    expect(regionOf("ar")).toEqual({ kind: "languageRegion", language: "ar" });
    expect(regionOf("unset")).toEqual({ kind: "unset" });
  });
});
