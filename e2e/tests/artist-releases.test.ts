// A release in the browser: an approved artist's manager uploads a single from the artist studio (a FLAC
// made with FFmpeg at test time, a cover, the facts and the rights attestation); it is nowhere to be found
// while it waits; an admin approves it in the dashboard; then search finds it, it plays, and a fan who
// follows the artist is told of it in Notifications.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runFfmpeg } from "@purplebeats/media";
import { expect, test, visit } from "../src/harness.js";
import { probeAudio } from "../src/audio-probe.js";
import { signInAsAdmin } from "../src/admin.js";
import { playOnceFound } from "../src/uploaded-song.js";
import { settleAppSession } from "../src/premium.js";
import { toastTitled } from "../src/pi-sign-in.js";
import { SHARED_ADMIN_UID } from "../src/shared-app.js";

const CLIENT = { "x-purplebeats-client": "1" };
/** A 1x1 PNG: the cover. */
const COVER = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("releases", () => {
  let work: string;
  let flac: string;
  const run = Date.now() % 100000;
  const title = `Quokka Tram ${run}`;
  test.beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "pb-e2e-release-"));
    flac = path.join(work, "harbor-lights.flac");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=${300 + (run % 500)}:duration=6`,
      "-ac",
      "2",
      "-c:a",
      "flac",
      flac,
    ]);
  });
  test.afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test("an artist uploads a single, an admin approves it, and it plays", async ({ app }) => {
    // The server encodes the upload before it can be found: minutes on a busy machine.
    test.setTimeout(300_000);
    // A listener runs a new artist (asked through the API, approved in the dashboard's API).
    const artist = await app.phone();
    const { page } = artist;
    await probeAudio(page);
    await visit(page, "/");
    await settleAppSession(page);
    const grant = await page.request.post("/pi-sim/__control/users", { data: { username: `harbor_${run}` } });
    expect(
      (await page.request.post("/api/pi/login", { data: await grant.json(), headers: CLIENT })).ok(),
    ).toBe(true);
    const asked = await page.request.post("/api/artist-requests", {
      data: { kind: "new", name: `Harbor ${run}`, evidence: "https://harbor.example" },
      headers: CLIENT,
    });
    const admin = await app.phone();
    await visit(admin.page, "/");
    await signInAsAdmin(admin.page, SHARED_ADMIN_UID);
    const approved = await admin.page.request.post(
      `/api/admin/artist-requests/${((await asked.json()) as { id: string }).id}/decision`,
      { data: { decision: "approve" }, headers: CLIENT },
    );
    expect(approved.ok()).toBe(true);
    const mine = (await (
      await page.request.get("/api/artist-requests/mine", { headers: CLIENT })
    ).json()) as {
      managed: { id: string }[];
    };
    const artistId = mine.managed[0]!.id;

    // A fan follows the new artist.
    const fan = await app.phone();
    await visit(fan.page, "/");
    await settleAppSession(fan.page);
    expect((await fan.page.request.put(`/api/artists/${artistId}/follow`, { headers: CLIENT })).ok()).toBe(
      true,
    );

    // The manager uploads a single from the artist studio.
    await visit(page, "/artist-studio");
    const releases = page.getByTestId("artist-releases");
    await releases.getByRole("button", { name: "Upload a release" }).click();
    const form = page.getByRole("form", { name: "Upload a release" });
    await form.getByRole("textbox", { name: "Title" }).fill(title);
    await form.getByRole("textbox", { name: "Genre" }).fill("Ambient");
    await form.getByRole("textbox", { name: /Credits/ }).fill(`Written and produced by Harbor ${run}`);
    const [coverChooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      form.getByRole("button", { name: "Choose cover" }).click(),
    ]);
    await coverChooser.setFiles({ name: "cover.png", mimeType: "image/png", buffer: COVER });
    const [audioChooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      form.getByRole("button", { name: "Choose audio files" }).click(),
    ]);
    await audioChooser.setFiles(flac);
    await form.getByRole("checkbox", { name: /I hold the rights/ }).check();
    await form.getByRole("button", { name: "Submit for review" }).click();
    await toastTitled(page, "Release submitted").waitFor({ timeout: 60_000 });
    await expect(releases.getByTestId("artist-release").filter({ hasText: title })).toContainText(
      "Waiting for review",
    );

    // Encoded and waiting: search does not know it.
    await expect
      .poll(
        async () => {
          const list = await page.request.get(`/api/artist-studio/releases?artistId=${artistId}`, {
            headers: CLIENT,
          });
          return ((await list.json()) as { songs: unknown[] }[])[0]?.songs.length ?? 0;
        },
        { timeout: 180_000, intervals: [1000] },
      )
      .toBe(1);
    const play = page.getByRole("button", { name: `Play ${title}` }).first();
    await visit(page, `/search?q=${encodeURIComponent(title)}`);
    await page.getByRole("heading", { name: `Search results for "${title}"` }).waitFor();
    await page.waitForTimeout(1000);
    await expect(play).toHaveCount(0);

    // The admin approves it in the dashboard.
    await visit(admin.page, "/admin");
    const item = admin.page.getByTestId("release-review").filter({ hasText: title });
    await item.getByRole("button", { name: "Approve" }).click();
    await toastTitled(admin.page, "Release approved").waitFor();

    // Search finds it now, and it plays.
    await playOnceFound(page, title);

    // The fan's Notifications tell of it (the job queue sends it once the release is approved).
    await expect
      .poll(
        async () => {
          await visit(fan.page, "/notifications");
          return fan.page.getByText(`New from Harbor ${run}`).count();
        },
        { timeout: 60_000, intervals: [2000] },
      )
      .toBeGreaterThan(0);
    await expect(fan.page.getByText(title).first()).toBeVisible();
    await artist.context.close();
    await admin.context.close();
    await fan.context.close();
  });
});
