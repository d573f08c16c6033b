// The page the server draws carries only the messages its first screen rendered: the whole catalog is about
// 13 KB gzip of the first screen's budget (170 KB), the few dozen messages a screen shows about 1 KB.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { answeringFrom, type RecordedAnswers } from "../build/first-screen-answers.mjs";
import { renderFirstScreen } from "./entry-server";
import { MESSAGES_SCRIPT_ID } from "./i18n";

// The renderer as the server runs it, with the app's own player (the tests' setup puts in a fake one).
vi.unmock("./features/player");

/** No API: every read fails at once, and the screen renders as it does while loading. */
const unanswered = async () => new Response(null, { status: 503 });

function inlineMessages(stateScript: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${MESSAGES_SCRIPT_ID}">(.*?)</script>`).exec(
    stateScript,
  );
  if (!match?.[1]) throw new Error("the page carries no messages");
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe("the page the server draws", () => {
  it("carries the messages its first screen rendered, not the whole catalog", async () => {
    const { html, stateScript } = await renderFirstScreen("/", { callApi: unanswered, locale: "vi" });
    const messages = inlineMessages(stateScript);
    // The navigation is on every screen; the admin dashboard is not on Home.
    expect(messages["nav.home"]).toBeDefined();
    expect(html).toContain("Trang chủ");
    expect(messages["admin.title"]).toBeUndefined();
    expect(Object.keys(messages).length).toBeLessThan(150);
  });

  // The size check (scripts/first-screen-size.mjs) counts this page with its reads answered as recorded from
  // a server with the seed catalog: a read the recording lacks would leave its data out of the count.
  it.each(["/", "/search?q=a", "/playlist/discover-weekly", "/artist/00000000-0000-4000-8000-000000000000"])(
    "%s: carries the data of its reads, each one answered by the size check's recording",
    async (url) => {
      const recorded = JSON.parse(
        readFileSync(path.join(import.meta.dirname, "../build/first-screen-answers.json"), "utf8"),
      ) as RecordedAnswers;
      const answer = answeringFrom(recorded);
      const unrecorded: string[] = [];
      const callApi: typeof fetch = async (input, init) => {
        const response = await answer(input, init);
        if (response.status === 503) unrecorded.push(String(input));
        return response;
      };
      const { stateScript } = await renderFirstScreen(url, { callApi, locale: "en" });
      expect(unrecorded).toEqual([]);
      if (url === "/") expect(stateScript).toContain("Chill Ambient");
    },
  );
});
