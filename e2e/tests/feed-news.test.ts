// Activity and News & Updates in Chromium at phone size: B follows A; A makes a public playlist; B's Home
// shows it under 'From people you follow' and it opens. An admin publishes a post in the dashboard, and B
// reads it at /news from the account menu, its Markdown rendered.
import { expect, test, visit } from "../src/harness.js";
import { becomePremium } from "../src/premium.js";
import { signInAsAdmin } from "../src/admin.js";
import { SHARED_ADMIN_UID } from "../src/shared-app.js";

const CLIENT = { "x-purplebeats-client": "1" };

test.describe("activity and news", () => {
  test("B sees A's new playlist on Home, then reads the news an admin published", async ({ app }) => {
    const run = Date.now() % 100000;
    const a = await app.phone();
    await visit(a.page, "/");
    const aName = `curator_${run}`;
    const aUid = await becomePremium(a.page, aName);
    const { handle } = (await (
      await a.page.request.get(`/api/profile/${aUid}`, { headers: CLIENT })
    ).json()) as {
      handle: string;
    };

    // B, a guest, follows A from A's profile.
    const b = await app.phone();
    await visit(b.page, `/user/${handle}`);
    await b.page.getByRole("button", { name: `Follow ${aName}` }).click();
    await expect(b.page.getByRole("button", { name: `Unfollow ${aName}` })).toBeVisible();

    const playlistName = `Night Ferry ${run}`;
    const created = await a.page.request.post("/api/playlists", {
      data: { name: playlistName, isPublic: true },
      headers: CLIENT,
    });
    expect(created.status()).toBe(201);

    await visit(b.page, "/");
    const shelf = b.page.getByTestId("home-section-following-activity");
    await shelf.scrollIntoViewIfNeeded();
    const entry = shelf.getByRole("link", { name: new RegExp(`${aName} made the playlist ${playlistName}`) });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(b.page.getByRole("heading", { name: playlistName })).toBeVisible();

    // An admin publishes in the dashboard.
    const admin = await app.phone();
    await visit(admin.page, "/");
    await signInAsAdmin(admin.page, SHARED_ADMIN_UID);
    await visit(admin.page, "/admin");
    const title = `Lyrics have landed ${run}`;
    const form = admin.page.getByRole("form", { name: "News post" });
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await form.getByRole("textbox", { name: "Body (Markdown)" }).fill("Sing **along** with every song.");
    await form.getByRole("button", { name: "Publish" }).click();
    await expect(admin.page.getByTestId("news-post").filter({ hasText: title })).toBeVisible();

    // B reads it from the account menu.
    await visit(b.page, "/");
    await b.page.getByRole("button", { name: "Open profile menu" }).click();
    await b.page.getByRole("menuitem", { name: "News & Updates" }).click();
    await expect(b.page).toHaveURL(/\/news$/);
    const post = b.page.getByRole("article", { name: title });
    await expect(post).toBeVisible();
    await expect(post.locator("strong", { hasText: "along" })).toBeVisible();

    await a.context.close();
    await b.context.close();
    await admin.context.close();
  });
});
