import type { Messages } from "@lingui/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import english from "./locales/en/messages.json";
import { activateFirstScreenMessages, recordingReads } from "./first-screen-messages";
import { activateBrowserI18n, createI18n, translate } from "./i18n";
import { compileCatalog } from "../../build/catalogs";
import type * as Catalogs from "./catalogs";

const compiledEnglish = compileCatalog(english) as Messages;
const catalogs = vi.hoisted(() => ({ fetched: 0 }));
vi.mock("./catalogs", async (importOriginal) => {
  const original = await importOriginal<typeof Catalogs>();
  return {
    ...original,
    loadMessages: (...args: Parameters<typeof original.loadMessages>) => {
      catalogs.fetched += 1;
      return original.loadMessages(...args);
    },
  };
});

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

  it("are fetched beside the first screen, once, and put to use only when asked", async () => {
    const before = catalogs.fetched;
    const { i18n, loadRest } = activateFirstScreenMessages("en", { "nav.home": "Home" });
    await vi.waitFor(() => expect(catalogs.fetched).toBe(before + 1));
    expect(i18n.messages["admin.title"]).toBeUndefined();
    await loadRest();
    expect(translate("admin.title")).toBe("Admin Dashboard");
    expect(catalogs.fetched).toBe(before + 1);
  });
});
