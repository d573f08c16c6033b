// An admin makes an API token on the dashboard (phone size), and the admin command line
// (`pnpm admin ...`, the typed client over HTTP) runs against the real server with it until it is revoked.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test, visit } from "../src/harness.js";
import { signInAsAdmin } from "../src/admin.js";
import { becomePremium } from "../src/premium.js";

const ADMIN_UID = "e2e-admin-cli";
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs `pnpm -s admin <args>` as an operator would, against the running app. */
async function admin(url: string, token: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)("pnpm", ["-s", "admin", ...args], {
      cwd: repoRoot,
      // In English whatever the machine's locale (the command line follows LC_ALL / LANG).
      env: { ...process.env, LC_ALL: "C.UTF-8", PURPLEBEATS_URL: url, PURPLEBEATS_ADMIN_TOKEN: token },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// The app scans its own (empty) music folder, made for it and removed after it.
test.use({
  appLaunch: [
    // eslint-disable-next-line no-empty-pattern -- the runner reads a fixture's needs from this pattern
    async ({}, use) => {
      const musicDir = await mkdtemp(path.join(tmpdir(), "pb-e2e-cli-music-"));
      try {
        await use({ env: { ADMIN_UIDS: ADMIN_UID, MUSIC_DIR: musicDir } });
      } finally {
        await rm(musicDir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
});

test.describe("the admin command line against a running server", () => {
  test("a token made on the dashboard runs stats, users --premium and scan (not grant), and stops when revoked", async ({
    app,
  }) => {
    test.setTimeout(300_000);
    const listener = await app.phone();
    const premiumUid = await (async () => {
      try {
        await visit(listener.page, "/");
        return await becomePremium(listener.page, "cli_premium_listener");
      } finally {
        await listener.context.close();
      }
    })();

    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      await signInAsAdmin(page, ADMIN_UID, "cli_admin");
      await visit(page, "/admin");
      const tokens = page.getByRole("region", { name: "API tokens" });
      await tokens.getByRole("textbox", { name: "What is it for?" }).fill("e2e CLI");
      await tokens.getByRole("radio", { name: "Manage" }).check();
      await tokens.getByRole("button", { name: "Create token" }).click();
      const token = (await page.getByTestId("new-api-token").locator("pre").textContent())?.trim() ?? "";
      expect(token).toMatch(/^pb_admin_/);
      await tokens.getByTestId("api-token").getByText("e2e CLI").waitFor();

      const stats = await admin(app.url, token, "stats");
      expect(stats, stats.stderr).toMatchObject({ code: 0 });
      expect(stats.stdout).toMatch(/Premium users\s+1/);

      const users = await admin(app.url, token, "users", "--premium");
      expect(users.code).toBe(0);
      expect(users.stdout).toContain(premiumUid);
      expect(users.stdout).not.toContain(ADMIN_UID);

      // No token changes roles: the command says where they change.
      const grant = await admin(app.url, token, "grant", premiumUid);
      expect(grant.code).toBe(2);
      expect(grant.stderr).toContain("admin dashboard");

      const scan = await admin(app.url, token, "scan");
      expect(scan.code).toBe(0);
      expect(scan.stdout).toMatch(/Found 0, new 0/);

      // The dashboard shows when the token was last used; revoking it there stops the command line.
      await page.reload();
      const row = page.getByTestId("api-token").filter({ hasText: "e2e CLI" });
      await row.waitFor();
      await expect.poll(() => row.textContent()).not.toContain("last used never");
      await row.getByRole("button", { name: "Revoke e2e CLI" }).click();
      await row.waitFor({ state: "detached" });
      const refused = await admin(app.url, token, "stats");
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("The admin API token is not valid or was revoked (HTTP 401)");
    } finally {
      await context.close();
    }
  });
});
