// The private session's rule, alone: how long it lasts and what a play in it is.
import { describe, expect, it } from "vitest";
import {
  inPrivateSession,
  playVisibility,
  privateSessionEnd,
} from "../src/domain/accounts/private-session.js";

const NOW = new Date("2026-12-06T18:00:00.000Z");
const at = (iso: string) => new Date(iso);

describe("the private session", () => {
  it("lasts 6 hours from when it is turned on", () => {
    expect(privateSessionEnd(NOW).toISOString()).toBe("2026-12-07T00:00:00.000Z");
  });

  it("is on strictly before its end, and off when never started or ended", () => {
    expect(inPrivateSession(at("2026-12-06T18:00:01.000Z"), NOW)).toBe(true);
    expect(inPrivateSession(at("2026-12-06T18:00:00.000Z"), NOW)).toBe(false);
    expect(inPrivateSession(at("2026-12-06T12:00:00.000Z"), NOW)).toBe(false);
    expect(inPrivateSession(null, NOW)).toBe(false);
  });

  it("makes a play the listener's own: kept private, counted nowhere; outside it, counted for everyone", () => {
    expect(playVisibility(privateSessionEnd(NOW), NOW)).toEqual({ counted: false, private: true });
    expect(playVisibility(null, NOW)).toEqual({ counted: true, private: false });
    expect(playVisibility(at("2026-12-06T17:59:59.000Z"), NOW)).toEqual({ counted: true, private: false });
  });
});
