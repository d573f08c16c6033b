// The page the server draws carries only the messages its first screen rendered: the whole catalog is about
// 13 KB gzip of the first screen's budget (170 KB), the few dozen messages a screen shows about 1 KB.
import { describe, expect, it, vi } from "vitest";
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
});
