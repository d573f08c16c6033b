import { describe, expect, it } from "vitest";
import { DEFAULT_USER_LIMIT, NO_GRANT, parseCommand } from "../src/commands.js";
import { runAdmin } from "../src/run.js";
import { readSettings } from "../src/settings.js";

const TOKEN = `pb_admin_${"a".repeat(43)}`;

describe("admin command line", () => {
  it("reads the three commands and their options", () => {
    expect(parseCommand(["stats"])).toEqual({ name: "stats" });
    expect(parseCommand(["users"])).toEqual({ name: "users", premium: false, limit: DEFAULT_USER_LIMIT });
    expect(parseCommand(["users", "--premium", "--limit", "5"])).toEqual({
      name: "users",
      premium: true,
      limit: 5,
    });
    expect(parseCommand(["scan"])).toEqual({ name: "scan" });
    expect(parseCommand([])).toEqual({ name: "help" });
  });

  it("says what is wrong with the words typed", () => {
    // A token may not make admins: the command that did is gone, and says where roles change.
    expect(parseCommand(["grant", "pi-uid-1"])).toEqual({ error: NO_GRANT });
    expect(NO_GRANT).toContain("dashboard");
    expect(parseCommand(["users", "--limit", "0"])).toEqual({
      error: "--limit must be a whole number, 1 or more",
    });
    expect(parseCommand(["deploy"])).toEqual({ error: "Unknown command: deploy" });
    expect(parseCommand(["stats", "--bogus"])).toHaveProperty("error");
  });

  it("needs a token that looks like an admin API token, and a URL", () => {
    expect(readSettings({})).toEqual({ error: expect.stringContaining("PURPLEBEATS_ADMIN_TOKEN") });
    expect(readSettings({ PURPLEBEATS_ADMIN_TOKEN: "secret" })).toEqual({
      error: "Not a PurpleBeats admin API token",
    });
    expect(readSettings({ PURPLEBEATS_ADMIN_TOKEN: TOKEN })).toEqual({
      url: "http://localhost:3000",
      token: TOKEN,
    });
    expect(readSettings({ PURPLEBEATS_ADMIN_TOKEN: TOKEN, PURPLEBEATS_URL: "nowhere" })).toHaveProperty(
      "error",
    );
  });

  it("exits 2 with the usage on a mistake, and 1 when the server cannot be reached", async () => {
    const lines: string[] = [];
    const output = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runAdmin(["grant", "pi-uid-1"], { PURPLEBEATS_ADMIN_TOKEN: TOKEN }, output)).toBe(2);
    expect(lines.join("\n")).toContain("Usage: pnpm admin <command>");
    lines.length = 0;
    const refused: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
    expect(
      await runAdmin(
        ["stats"],
        { PURPLEBEATS_ADMIN_TOKEN: TOKEN, PURPLEBEATS_URL: "http://127.0.0.1:9" },
        output,
        refused,
      ),
    ).toBe(1);
    expect(lines).toEqual(["Could not reach http://127.0.0.1:9 (fetch failed). Is the server running?"]);
  });
});
