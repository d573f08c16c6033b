// Support answered, in Chromium at phone size: a guest sends 'Contact support' from Premium's Priority
// Support card, an admin answers it in the dashboard's Support section, and the guest sees the badge on
// the header avatar and the answer in Notifications (reading it clears the badge).
import { expect, test, visit } from "../src/harness.js";
import { signInAsAdmin } from "../src/admin.js";
import { SHARED_ADMIN_UID } from "../src/shared-app.js";

test.describe("a support request answered", () => {
  test("a listener asks, an admin answers, the listener reads the answer in Notifications", async ({
    app,
  }) => {
    const subject = `Playback stops ${Date.now() % 100000}`;
    const answerText = "Clear the app's storage and try again.";

    const listener = await app.phone();
    await visit(listener.page, "/premium");
    await listener.page.getByRole("link", { name: "Contact support" }).click();
    await expect(listener.page.getByRole("heading", { level: 1, name: "Contact support" })).toBeVisible();
    await listener.page.getByRole("textbox", { name: /Subject/ }).fill(subject);
    await listener.page.getByRole("textbox", { name: /Message/ }).fill("The song stops after ten seconds.");
    await listener.page.getByRole("button", { name: "Send" }).click();
    await expect(listener.page.getByText("Thank you! We will answer in your Notifications.")).toBeVisible();

    const admin = await app.phone();
    await visit(admin.page, "/");
    await signInAsAdmin(admin.page, SHARED_ADMIN_UID, "support_admin");
    await visit(admin.page, "/admin");
    const request = admin.page.getByTestId("support-request").filter({ hasText: subject });
    await expect(request.getByText("Open", { exact: true })).toBeVisible();
    await request.getByRole("textbox", { name: "Answer" }).fill(answerText);
    await request.getByRole("button", { name: "Send answer" }).click();
    await expect(request.getByText("Answered", { exact: true })).toBeVisible();
    await expect(request.getByText(`Answer: ${answerText}`)).toBeVisible();

    await visit(listener.page, "/");
    const avatar = listener.page.getByRole("button", { name: "Open profile menu, 1 unread notification" });
    await expect(listener.page.getByTestId("unread-badge")).toHaveText(/^1/);
    await avatar.click();
    await listener.page.getByRole("menuitem", { name: "Notifications" }).click();
    await expect(listener.page).toHaveURL(/\/notifications$/);
    const note = listener.page
      .getByTestId("notification")
      .filter({ hasText: `Support answered: ${subject}` });
    await expect(note.getByText(answerText)).toBeVisible();
    await note.getByRole("button").click();
    await expect(note).toHaveAttribute("data-read", "true");

    await visit(listener.page, "/");
    await expect(listener.page.getByRole("button", { name: "Open profile menu", exact: true })).toBeVisible();
    await expect(listener.page.getByTestId("unread-badge")).toHaveCount(0);

    await listener.context.close();
    await admin.context.close();
  });
});
