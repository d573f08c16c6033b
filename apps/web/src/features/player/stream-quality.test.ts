import { describe, expect, it } from "vitest";
import { streamQuality } from "./stream-quality";

describe("the quality a song is fetched at", () => {
  it("keeps standard the default for free listeners and high for members", () => {
    expect(streamQuality("high", false, null)).toBe("standard");
    expect(streamQuality("high", true, null)).toBe("high");
    expect(streamQuality("standard", true, null)).toBe("standard");
  });

  it("gives the data saver's low rendition to anyone who picks it", () => {
    expect(streamQuality("low", false, null)).toBe("low");
    expect(streamQuality("low", true, { effectiveType: "4g" })).toBe("low");
  });

  it("on Automatic, saves data when the browser asks to, or the connection is 2G", () => {
    expect(streamQuality("auto", true, { saveData: true, effectiveType: "4g" })).toBe("low");
    expect(streamQuality("auto", false, { saveData: false, effectiveType: "slow-2g" })).toBe("low");
    expect(streamQuality("auto", true, { effectiveType: "2g" })).toBe("low");
    expect(streamQuality("auto", true, { effectiveType: "3g" })).toBe("standard");
    expect(streamQuality("auto", true, { saveData: false, effectiveType: "4g" })).toBe("high");
    expect(streamQuality("auto", false, { effectiveType: "4g" })).toBe("standard");
  });

  it("on Automatic without the Network Information API (WebKit), plays what the membership allows", () => {
    expect(streamQuality("auto", true, null)).toBe("high");
    expect(streamQuality("auto", false, null)).toBe("standard");
  });
});
