// The artist studio in the browser: a listener claims a catalog artist and an admin approves it; a fan plays
// one of its songs and tips it 3.14 π through the Pi simulator; the manager opens /artist-studio from the
// profile menu, reads the play, the listener and the tip, and requests a payout, which the server pays through
// the simulator's app-to-user flow (create, submit, complete) until the studio shows it completed.
import { expect, test, useApp, visit } from "../src/harness.js";
import { signInAsAdmin } from "../src/admin.js";
import { settleAppSession } from "../src/premium.js";
import { toastTitled } from "../src/pi-sign-in.js";

const CLIENT = { "x-purplebeats-client": "1" };
const ADMIN_UID = "studio-admin";

useApp({ ARTIST_PAYOUTS: "on", ARTIST_PAYOUT_MIN_PI: "1", ADMIN_UIDS: ADMIN_UID });

test.describe("artist studio", () => {
  test("a manager reads the artist's statistics and is paid out in Pi", async ({ app }) => {
    test.setTimeout(180_000);
    const run = Date.now() % 100000;

    // A listener claims a catalog artist; an admin approves the claim.
    const manager = await app.phone();
    const { page } = manager;
    await visit(page, "/");
    await settleAppSession(page);
    const grant = await page.request.post("/pi-sim/__control/users", { data: { username: `studio_${run}` } });
    expect(
      (await page.request.post("/api/pi/login", { data: await grant.json(), headers: CLIENT })).ok(),
    ).toBe(true);
    const songs = (await (await page.request.get("/api/songs?limit=1", { headers: CLIENT })).json()) as {
      id: string;
      artistId: string;
      title: string;
    }[];
    const song = songs[0]!;
    const asked = await page.request.post("/api/artist-requests", {
      data: { kind: "claim", artistId: song.artistId, evidence: "https://studio.example" },
      headers: CLIENT,
    });
    expect(asked.status()).toBe(201);
    const admin = await app.phone();
    await visit(admin.page, "/");
    await signInAsAdmin(admin.page, ADMIN_UID);
    const approved = await admin.page.request.post(
      `/api/admin/artist-requests/${((await asked.json()) as { id: string }).id}/decision`,
      { data: { decision: "approve" }, headers: CLIENT },
    );
    expect(approved.ok()).toBe(true);

    // A fan plays one of the artist's songs and tips 3.14 π through the wallet (the simulator's).
    const fan = (await app.phone()).page;
    await visit(fan, "/");
    await settleAppSession(fan);
    const fanGrant = (await (
      await fan.request.post("/pi-sim/__control/users", { data: { username: `fan_${run}` } })
    ).json()) as { accessToken: string; user: { uid: string } };
    expect((await fan.request.post("/api/pi/login", { data: fanGrant, headers: CLIENT })).ok()).toBe(true);
    expect((await fan.request.post(`/api/songs/${song.id}/plays`, { headers: CLIENT })).ok()).toBe(true);
    const metadata = { productId: "artist_tip", artistId: song.artistId, userId: fanGrant.user.uid };
    const payment = (await (
      await fan.request.post("/pi-sim/__control/payments", {
        data: { amount: 3.14, memo: "PurpleBeats tip", metadata },
        headers: { authorization: `Bearer ${fanGrant.accessToken}` },
      })
    ).json()) as { identifier: string };
    await fan.request.post("/api/pi/payment", {
      data: {
        paymentId: payment.identifier,
        userId: fanGrant.user.uid,
        amount: "3.14",
        status: "created",
        metadata: JSON.stringify(metadata),
      },
      headers: CLIENT,
    });
    expect(
      (await fan.request.post(`/api/pi/payment/${payment.identifier}/approve`, { headers: CLIENT })).ok(),
    ).toBe(true);
    const { txid } = (await (
      await fan.request.post(`/pi-sim/__control/payments/${payment.identifier}/transaction`, {
        data: { verified: true },
      })
    ).json()) as { txid: string };
    expect(
      (
        await fan.request.post(`/api/pi/payment/${payment.identifier}/complete`, {
          data: { txid },
          headers: CLIENT,
        })
      ).ok(),
    ).toBe(true);

    // The manager opens the studio from the profile menu and reads the figures.
    await visit(page, "/");
    await page.getByTestId("profile-menu-button").click();
    await page.getByRole("menuitem", { name: "Artist Studio" }).click();
    await expect(page).toHaveURL(/\/artist-studio$/);
    await expect(page.getByTestId("studio-plays")).toContainText("1");
    await expect(page.getByTestId("studio-listeners")).toContainText("1");
    await expect(page.getByRole("list", { name: "Top songs" })).toContainText(song.title);
    // One listener is too few to show where they are: the studio counts them under Other.
    await expect(page.getByRole("list", { name: "Where your listeners are" })).toContainText("Other");
    await expect(page.getByTestId("studio-earnings")).toContainText("2.826 π");
    await expect(page.getByTestId("studio-balance")).toHaveText("2.826 π");

    // The payout: requested, then paid by the server through Pi's app-to-user steps.
    await page.getByRole("button", { name: "Request payout" }).click();
    await toastTitled(page, "Payout requested").waitFor();
    const payout = page.getByTestId("studio-payout").first();
    await expect(payout).toContainText("2.826 π");
    await expect(payout).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
    await expect(payout).toContainText("Completed");
    await expect(page.getByTestId("studio-balance")).toHaveText("0 π");
    await expect(page.getByRole("button", { name: "Request payout" })).toBeDisabled();
    await expect(
      page.getByText("Your balance needs to reach 1 π before you can request a payout."),
    ).toBeVisible();
  });
});
