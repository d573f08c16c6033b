// The avatar journey with S3-compatible storage configured (the project's simulator, which verifies
// SigV4): Chromium PUTs the file cross-origin to a presigned URL (CORS preflight, CSP connect-src),
// then the server checks it and serves it from the bucket at /objects/<key>.
import { startS3Simulator, type S3Simulator } from "@purplebeats/s3/simulator";
import { expect, test, visit } from "../src/harness.js";

const BUCKET = "e2e-uploads";
// A 1x1 purple PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

// The simulator starts first and stops last: the app is spawned with its endpoint and keys.
const journey = test.extend<object, { sim: S3Simulator }>({
  sim: [
    // eslint-disable-next-line no-empty-pattern -- the runner reads a fixture's needs from this pattern
    async ({}, use) => {
      const sim = await startS3Simulator({ buckets: [BUCKET] });
      try {
        await use(sim);
      } finally {
        await sim.close();
      }
    },
    { scope: "worker" },
  ],
  appLaunch: [async ({ sim }, use) => use({ env: sim.env(BUCKET) }), { scope: "worker" }],
});

journey.describe("avatar upload to S3-compatible storage in the browser", () => {
  journey(
    "a guest's new picture goes straight to the bucket and shows from /objects/",
    async ({ app, sim }) => {
      const { page, context } = await app.phone();
      const storageRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().startsWith(sim.url)) storageRequests.push(`${request.method()} ${request.url()}`);
      });
      try {
        await visit(page, "/profile");
        await page.getByRole("heading", { name: "Guest User", level: 2 }).waitFor();
        await page.getByRole("link", { name: "Edit Profile" }).click();
        await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
        await page
          .getByTestId("avatar-input")
          .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
        await page.locator("[data-toast]").getByText("Avatar Updated", { exact: true }).waitFor();

        expect(storageRequests.some((r) => r.startsWith(`PUT ${sim.url}/${BUCKET}/incoming/`))).toBe(true);
        const avatar = page.locator('[data-testid="user-avatar"] img').first();
        await expect.poll(() => avatar.getAttribute("src")).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
        const src = (await avatar.getAttribute("src"))!;
        const key = src.slice("/objects/".length);
        expect(sim.object(BUCKET, key)?.body.equals(PNG)).toBe(true);
        expect(sim.keys(BUCKET).filter((k) => k.startsWith("incoming/"))).toEqual([]);
        const served = await page.request.get(src);
        expect(served.status()).toBe(200);
        expect(served.headers()["content-type"]).toBe("image/png");
        expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
      } finally {
        await context.close();
      }
    },
  );
});
