import { describe, expect, it } from "vitest";
import {
  SUPPORT_MESSAGE_REQUIRED,
  SUPPORT_SUBJECT_REQUIRED,
  SUPPORT_SUBJECT_TOO_LONG,
} from "@purplebeats/contracts/constants";
import { supportTopicOf, validateSupportDraft } from "./support-rules";
import { notificationTime } from "./notification-time";

describe("the support form's rules", () => {
  it("needs a subject and a message, blank ones included, and bounds the subject", () => {
    expect(validateSupportDraft({ subject: "  ", message: "" })).toEqual({
      subject: SUPPORT_SUBJECT_REQUIRED,
      message: SUPPORT_MESSAGE_REQUIRED,
    });
    expect(validateSupportDraft({ subject: "x".repeat(121), message: "ok" })).toEqual({
      subject: SUPPORT_SUBJECT_TOO_LONG,
    });
    expect(validateSupportDraft({ subject: "Hi", message: "Hello" })).toEqual({});
  });

  it("takes the song or playlist from the link that opened it", () => {
    expect(supportTopicOf("?song=abc")).toEqual({ songId: "abc" });
    expect(supportTopicOf("?playlist=top-50")).toEqual({ playlistId: "top-50" });
    expect(supportTopicOf("")).toEqual({});
  });
});

describe("a notification's time", () => {
  const now = new Date("2026-12-06T12:00:00Z");
  it("reads as a phone shows it", () => {
    expect(notificationTime("2026-12-06T11:59:30Z", now)).toBe("now");
    expect(notificationTime("2026-12-06T11:15:00Z", now)).toBe("45 min ago");
    expect(notificationTime("2026-12-06T07:00:00Z", now)).toBe("5 h ago");
    expect(notificationTime("2026-12-03T12:00:00Z", now)).toBe("3 d ago");
    expect(notificationTime("2026-11-01T12:00:00Z", now)).toBe("Nov 1, 2026");
  });
});
