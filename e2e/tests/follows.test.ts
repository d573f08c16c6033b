// Following a listener in Chromium at phone size: listener A makes a public playlist; listener B opens
// A's profile at /user/{handle}, follows A (the count moves), sees the playlist and finds A in their own
// Following tab; once A makes the profile private, B sees only A's name and "This profile is private".
import { expect, reload, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";

const CLIENT = { "x-purplebeats-client": "1" };

test.describe("following a listener", () => {
  test("B follows A from A's public profile, then A goes private", async ({ app }) => {
    const run = Date.now() % 100000;
    const a = await app.phone();
    await visit(a.page, "/");
    const aName = `maker_${run}`;
    const aUid = await becomePremium(a.page, aName);
    const playlistName = `Harbour Lights ${run}`;
    const created = await a.page.request.post("/api/playlists", {
      data: { name: playlistName, isPublic: true },
      headers: CLIENT,
    });
    expect(created.status()).toBe(201);
    const profile = (await (
      await a.page.request.get(`/api/profile/${aUid}`, { headers: CLIENT })
    ).json()) as {
      handle: string;
    };
    const handle = profile.handle;
    expect(handle).toBe(aName);

    // B, a guest, on A's profile.
    const b = await app.phone();
    await visit(b.page, `/user/${handle}`);
    await b.page.getByRole("heading", { name: aName, level: 2 }).waitFor();
    await expect(b.page.getByText(`@${handle}`)).toBeVisible();
    const followers = b.page.getByText("Followers", { exact: true }).locator("xpath=preceding-sibling::dd");
    await expect(followers).toHaveText("0");
    // Listed under Public Playlists (and again in Activity, as made).
    await expect(
      b.page
        .getByRole("list", { name: "Public playlists" })
        .getByRole("link", { name: new RegExp(playlistName) }),
    ).toBeVisible();

    await b.page.getByRole("button", { name: `Follow ${aName}` }).click();
    await expect(followers).toHaveText("1");
    await expect(b.page.getByRole("button", { name: `Unfollow ${aName}` })).toBeVisible();

    // A is in B's Following tab.
    await visit(b.page, "/profile");
    await b.page.getByRole("tab", { name: "Following" }).click();
    const following = b.page.getByRole("list", { name: "Following" });
    await expect(following.getByRole("link", { name: new RegExp(aName) })).toBeVisible();
    await expect(
      b.page.getByText("Following", { exact: true }).locator("xpath=preceding-sibling::dd"),
    ).toHaveText("1");

    // A makes the profile private in Edit Profile.
    await visit(a.page, "/edit-profile");
    await a.page.getByRole("switch", { name: /Private profile/ }).check();
    await a.page.getByRole("button", { name: "Save Public Profile" }).click();
    await a.page.locator("[data-toast]").filter({ hasText: "Profile Updated" }).first().waitFor();

    await visit(b.page, `/user/${handle}`);
    await reload(b.page);
    await expect(b.page.getByText("This profile is private")).toBeVisible();
    await expect(b.page.getByRole("heading", { name: aName, level: 2 })).toBeVisible();
    await expect(b.page.getByRole("link", { name: new RegExp(playlistName) })).toHaveCount(0);

    await a.context.close();
    await b.context.close();
  });
});
