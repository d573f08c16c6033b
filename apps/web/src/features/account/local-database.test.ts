import { afterEach, describe, expect, it, vi } from "vitest";
import { warnIfStorageNearlyFull } from "./local-database";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("storage check", () => {
  it("warns on the console once use passes 80 % of the quota", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await warnIfStorageNearlyFull(() => Promise.resolve({ usage: 81, quota: 100 }))).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Storage is 81% full"));
  });

  it("stays quiet at 80 % and below, with no quota, or without the API", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await warnIfStorageNearlyFull(() => Promise.resolve({ usage: 80, quota: 100 }))).toBe(false);
    expect(await warnIfStorageNearlyFull(() => Promise.resolve({ usage: 5 }))).toBe(false);
    expect(await warnIfStorageNearlyFull(undefined)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });
});
