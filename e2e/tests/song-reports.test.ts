// A report in the browser at 390x844: a listener reports a song from its row's menu (reporting it again says
// so), an admin finds it in the dashboard's reported songs and takes it down, and search finds it no more.
// An app of its own: the takedown hides a catalog song that other journeys play.
import { expect, test, useApp, visit } from "../src/harness.js";
import { signInAsAdmin } from "../src/admin.js";
import { settleAppSession } from "../src/premium.js";
import { toastTitled } from "../src/pi-sign-in.js";

const ADMIN_UID = "e2e-reports-admin";
const CLIENT = { "x-purplebeats-client": "1" };

useApp({ ADMIN_UIDS: ADMIN_UID });

test("a listener reports a song, an admin takes it down, and it is gone from search", async ({ app }) => {
  // Two phones and the admin's dashboard on a machine shared with other suites: minutes at worst.
  test.setTimeout(240_000);
  const listener = await app.phone();
  const admin = await app.phone();
  try {
    const { page } = listener;
    await visit(page, "/");
    await settleAppSession(page);
    const [song] = (await (
      await page.request.get("/api/songs?limit=1", { headers: CLIENT })
    ).json()) as Array<{
      title: string;
    }>;
    const title = song!.title;

    const search = async () => {
      await visit(page, `/search?q=${encodeURIComponent(title)}`);
      await page.getByRole("heading", { name: `Search results for "${title}"` }).waitFor();
    };
    const report = async () => {
      await page
        .getByRole("button", { name: `Options for ${title}` })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Report" }).click();
      const dialog = page.getByRole("dialog", { name: `Report ${title}` });
      await dialog.getByRole("radio", { name: /copyright/ }).check();
      await dialog
        .getByRole("textbox", { name: /Details/ })
        .fill("This is my recording, uploaded without my consent");
      await dialog.getByRole("button", { name: "Send report" }).click();
      return dialog;
    };
    await search();
    const dialog = await report();
    await toastTitled(page, "Report sent").waitFor();
    await expect(dialog).toBeHidden();
    await report();
    await toastTitled(page, "You already reported this song").waitFor();

    // The admin's dashboard lists it with its reason and details, and takes it down once confirmed.
    await visit(admin.page, "/");
    await signInAsAdmin(admin.page, ADMIN_UID);
    await visit(admin.page, "/admin");
    const reported = admin.page.getByTestId("reported-song").filter({ hasText: title });
    await expect(reported).toContainText("1 report");
    await expect(reported).toContainText("This is my recording, uploaded without my consent");
    await reported.getByRole("button", { name: "Take down" }).click();
    // It asks first, naming the song.
    const confirm = admin.page.getByRole("dialog", { name: "Take this song down?" });
    await expect(confirm).toContainText(title);
    await confirm.getByRole("button", { name: "Take down" }).click();
    await toastTitled(admin.page, "Song taken down").waitFor();
    await expect(reported).toHaveCount(0);

    // Gone for the listener.
    await search();
    await page.waitForTimeout(500);
    await expect(page.getByRole("button", { name: `Options for ${title}` })).toHaveCount(0);
  } finally {
    await listener.context.close();
    await admin.context.close();
  }
});
