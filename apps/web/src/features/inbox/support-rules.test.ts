import { describe, expect, it } from "vitest";
import {
  SUPPORT_MESSAGE_REQUIRED,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_SUBJECT_REQUIRED,
  SUPPORT_SUBJECT_TOO_LONG,
} from "@purplebeats/contracts/constants";
import english from "virtual:purplebeats-catalog/en";
import vietnamese from "virtual:purplebeats-catalog/vi";
import arabic from "virtual:purplebeats-catalog/ar";
import type { Messages } from "@lingui/core";
import { createI18n, type CatalogLocale, type Translate } from "../../i18n";
import { supportTopicOf, validateSupportDraft } from "./support-rules";
import { notificationTime } from "./notification-time";

const translator = (locale: CatalogLocale, messages: Messages): Translate => {
  const i18n = createI18n(locale, messages);
  return (key, values) => i18n._(key, values);
};
const en = translator("en", english);

describe("the support form's rules", () => {
  it("needs a subject and a message, blank ones included, and bounds the subject", () => {
    expect(validateSupportDraft({ subject: "  ", message: "" })).toEqual({
      subject: "required",
      message: "required",
    });
    expect(validateSupportDraft({ subject: "x".repeat(121), message: "ok" })).toEqual({
      subject: "tooLong",
    });
    expect(validateSupportDraft({ subject: "Hi", message: "Hello" })).toEqual({});
  });

  it("words the problems in English as the contract (and the server) does", () => {
    expect(en("inbox.subjectRequired")).toBe(SUPPORT_SUBJECT_REQUIRED);
    expect(en("inbox.messageRequired")).toBe(SUPPORT_MESSAGE_REQUIRED);
    expect(en("inbox.subjectTooLong", { max: SUPPORT_SUBJECT_MAX })).toBe(SUPPORT_SUBJECT_TOO_LONG);
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
    expect(notificationTime("2026-12-06T11:59:30Z", en, "en", now)).toBe("now");
    expect(notificationTime("2026-12-06T11:15:00Z", en, "en", now)).toBe("45 min ago");
    expect(notificationTime("2026-12-06T07:00:00Z", en, "en", now)).toBe("5 h ago");
    expect(notificationTime("2026-12-03T12:00:00Z", en, "en", now)).toBe("3 d ago");
    expect(notificationTime("2026-11-01T12:00:00Z", en, "en", now)).toBe("Nov 1, 2026");
  });

  it("reads in the listener's language, the date included", () => {
    const vi = translator("vi", vietnamese);
    expect(notificationTime("2026-12-06T11:15:00Z", vi, "vi", now)).toBe("45 phút trước");
    expect(notificationTime("2026-11-01T12:00:00Z", vi, "vi", now)).toMatch(/2026/);
    expect(notificationTime("2026-11-01T12:00:00Z", vi, "vi", now)).not.toMatch(/Nov/);
    const ar = translator("ar", arabic);
    expect(notificationTime("2026-12-06T07:00:00Z", ar, "ar", now)).toBe(
      `منذ ${new Intl.NumberFormat("ar").format(5)} ساعات`,
    );
  });
});
