// An admin fills the catalog from the dashboard: a FLAC made with FFmpeg at test time is chosen on
// /admin, uploaded with its progress shown, encoded by the server, found in search and played from the
// stream endpoint.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runFfmpeg } from "@purplebeats/media";
import { expect, test, useApp, visit } from "../src/harness.js";
import { mainAudio, probeAudio } from "../src/audio-probe.js";
import { signInAsAdmin } from "../src/admin.js";
import { playOnceFound } from "../src/uploaded-song.js";

const ADMIN_UID = "e2e-admin-uploader";
const TITLE = "Purple Dawn Upload";

useApp({ ADMIN_UIDS: ADMIN_UID });

test.describe("admin uploads in the browser", () => {
  let work: string;
  let flac: string;
  test.beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "pb-e2e-upload-"));
    flac = path.join(work, "01 - Purple Dawn Upload.flac");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=523:duration=6",
      "-ac",
      "2",
      "-metadata",
      `title=${TITLE}`,
      "-metadata",
      "artist=E2E Uploader",
      "-c:a",
      "flac",
      flac,
    ]);
  });
  test.afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test("an admin uploads a FLAC on the dashboard; it appears in search and plays", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      await visit(page, "/");
      await signInAsAdmin(page, ADMIN_UID);
      await visit(page, "/admin");

      const [chooser] = await Promise.all([
        page.waitForEvent("filechooser"),
        page.getByRole("button", { name: "Choose audio files" }).click(),
      ]);
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles(flac);
      const row = page.getByTestId("upload-row");
      await row.getByText("01 - Purple Dawn Upload.flac").waitFor();
      await expect.poll(() => row.getAttribute("data-status"), { timeout: 60_000 }).toBe("queued");
      await row.getByText(`${TITLE} — E2E Uploader`, { exact: false }).waitFor();

      // Encoding runs on the server: the song is searchable once it is fully made.
      await playOnceFound(page, TITLE);
      expect((await mainAudio(page))?.src).toMatch(/\/api\/songs\/[0-9a-f-]{36}\/stream/);
    } finally {
      await context.close();
    }
  });
});
