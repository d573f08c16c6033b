import type { Messages } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import english from "./locales/en/messages.json";
import { activateFirstScreenMessages, recordingReads } from "./first-screen-messages";
import { activateBrowserI18n, createI18n, translate } from "./i18n";
import { compileCatalog } from "../../build/catalogs";

const compiledEnglish = compileCatalog(english) as Messages;

describe("the first screen's messages", () => {
  afterEach(() => void activateBrowserI18n("en", compiledEnglish));

  it("are those a render read, and only those", () => {
    const { messages, read } = recordingReads(compiledEnglish);
    const i18n = createI18n("en", messages);
    expect(i18n._("nav.home")).toBe("Home");
    expect(i18n._("nav.search")).toBe("Search");
    expect(read()).toEqual({
      "nav.home": compiledEnglish["nav.home"],
      "nav.search": compiledEnglish["nav.search"],
    });
  });

  it("are what the browser starts with; the rest of the language loads when asked", async () => {
    const { loadRest } = activateFirstScreenMessages("en", { "nav.home": "Home" });
    expect(translate("nav.home")).toBe("Home");
    await loadRest();
    expect(translate("admin.title")).toBe("Admin Dashboard");
  });

  it("a message the page lacks loads the rest, and the app's text follows", async () => {
    const { i18n } = activateFirstScreenMessages("en", { "nav.home": "Home" });
    const loaded = new Promise<void>((resolve) => i18n.on("change", resolve));
    translate("admin.title"); // not on the first screen: its key, until the rest arrives
    await loaded;
    expect(translate("admin.title")).toBe("Admin Dashboard");
  });
});
