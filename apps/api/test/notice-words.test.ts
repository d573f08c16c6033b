// A notice is written in its recipient's language: catalog words with their values, a date as that language
// writes it, a person's own text as written; English when they chose none.
import { describe, expect, it } from "vitest";
import { membershipExpiring, supportAnswer, tipReceived } from "../src/domain/inbox/messages.js";
import { inLanguage, readIn } from "../src/domain/inbox/notice-words.js";

const END = new Date("2026-12-07T10:00:00Z");

describe("a notice in its recipient's language", () => {
  it("keeps SPEC's English for a listener who chose no language", () => {
    expect(inLanguage(membershipExpiring("u", END), null)).toMatchObject({
      title: "Your Premium membership ends soon",
      body: expect.stringContaining("Premium ends on December 7, 2026. Renew for"),
    });
  });

  it("writes the words and the day in the chosen language", () => {
    const vi = inLanguage(membershipExpiring("u", END), "vi");
    expect(vi.title).toBe("Gói Premium của bạn sắp hết hạn");
    expect(vi.body).toContain(
      `Premium hết hạn vào ${END.toLocaleDateString("vi", { dateStyle: "long", timeZone: "UTC" })}`,
    );
    const ko = inLanguage(
      tipReceived("u", { paymentId: "p", amount: "1", artistName: "Mỹ Tâm", feePercent: 10 }),
      "ko",
    );
    expect(ko).toMatchObject({ title: "Mỹ Tâm 후원 도착", body: expect.stringContaining("0.9 π") });
  });

  it("keeps a person's own text as written", () => {
    const answer = inLanguage(
      supportAnswer("u", { id: "r", subject: "Lỗi phát nhạc" }, "Fixed, thanks!", "t"),
      "es",
    );
    expect(answer).toMatchObject({ title: "Soporte respondió: Lỗi phát nhạc", body: "Fixed, thanks!" });
  });

  it("reads a kept notice in the reader's language of the day; words it cannot read, as stored", () => {
    const kept = inLanguage(membershipExpiring("u", END), null);
    expect(kept.title).toBe("Your Premium membership ends soon");
    expect(readIn(kept, "vi")).toEqual({
      title: "Gói Premium của bạn sắp hết hạn",
      body: inLanguage(membershipExpiring("u", END), "vi").body,
    });
    const answer = inLanguage(supportAnswer("u", { id: "r", subject: "Lỗi" }, "Fixed, thanks!", "t"), null);
    expect(readIn(answer, "es")).toEqual({ title: "Soporte respondió: Lỗi", body: "Fixed, thanks!" });
    const stored = { title: "Old title", body: "Old body" };
    expect(readIn({ ...stored, words: null }, "vi")).toEqual(stored);
    expect(readIn({ ...stored, words: { title: { key: "toString" } } }, "vi")).toEqual(stored);
  });
});
