// A tip in the browser: a listener asks to run a new artist, an admin approves it in the dashboard (the
// artist page shows 'Verified artist'), and another listener tips it 3.14 π from its page through the Pi
// wallet; the artist's balance then holds the tip less the platform's 10 % fee.
import { expect, test, visit } from "../src/harness.js";
import { signInAsAdmin } from "../src/admin.js";
import { settleAppSession } from "../src/premium.js";
import { toastTitled } from "../src/pi-sign-in.js";
import { SHARED_ADMIN_UID } from "../src/shared-app.js";

const CLIENT = { "x-purplebeats-client": "1" };

test.describe("tips", () => {
  test("an approved artist is verified, and a listener tips it from its page", async ({ app }) => {
    const run = Date.now() % 100000;
    const name = `Tip Jar ${run}`;

    // The artist asks (as the API lets any Pi listener).
    const artist = await app.phone();
    await visit(artist.page, "/");
    await settleAppSession(artist.page);
    const grant = await artist.page.request.post("/pi-sim/__control/users", {
      data: { username: `tipjar_${run}` },
    });
    expect(
      (await artist.page.request.post("/api/pi/login", { data: await grant.json(), headers: CLIENT })).ok(),
    ).toBe(true);
    const asked = await artist.page.request.post("/api/artist-requests", {
      data: { kind: "new", name, evidence: "https://tipjar.example" },
      headers: CLIENT,
    });
    expect(asked.status()).toBe(201);

    // An admin approves it in the dashboard.
    const admin = await app.phone();
    await visit(admin.page, "/");
    await signInAsAdmin(admin.page, SHARED_ADMIN_UID);
    await visit(admin.page, "/admin");
    const request = admin.page.getByTestId("artist-request").filter({ hasText: name });
    await request.getByRole("button", { name: "Approve" }).click();
    await toastTitled(admin.page, "Artist approved").waitFor();
    await expect(request).toHaveCount(0);

    const mine = async () =>
      (await (await artist.page.request.get("/api/artist-requests/mine", { headers: CLIENT })).json()) as {
        managed: { id: string; balance: string }[];
      };
    const artistId = (await mine()).managed[0]!.id;

    // A listener tips 3.14 π from the artist's page.
    const { page } = await app.phone();
    await visit(page, `/artist/${artistId}`);
    await expect(page.getByTestId("verified-artist")).toHaveText(/Verified artist/);
    await page.waitForFunction(() => "Pi" in window);
    await page.getByRole("button", { name: "Tip", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Tip ${name}` });
    await dialog.getByRole("button", { name: "Connect Pi Wallet" }).click();
    await page.getByTestId("pi-sim-dialog").waitFor();
    await page.getByTestId("pi-sim-username").fill(`tipper_${run}`);
    await page.getByTestId("pi-sim-allow").click();
    await toastTitled(page, "Authenticated").waitFor();
    await dialog.getByRole("button", { name: "3.14π" }).click();
    await dialog.getByRole("button", { name: "Send 3.14π" }).click();
    await page.getByTestId("pi-sim-memo").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("pi-sim-memo").textContent()).toContain(`PurpleBeats tip to ${name}`);
    await page.getByTestId("pi-sim-approve").click();
    await toastTitled(page, "Tip Sent").waitFor({ timeout: 30_000 });
    await expect(dialog.getByTestId("tip-status")).toHaveText(`Thank you! ${name} receives your tip.`);

    expect(Number((await mine()).managed[0]!.balance)).toBeCloseTo(2.826, 7);
  });
});
