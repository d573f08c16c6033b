// With S3 configured, renditions live in the bucket (the seed's too) and the stream endpoint redirects to a
// short-lived signed URL there: any instance serves the catalog without a shared disk.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Simulator, type S3Simulator } from "@purplebeats/s3/simulator";
import { loadConfig } from "../src/config/env.js";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const BUCKET = "pb-media";

describe("media in an S3-compatible bucket", () => {
  let sim: S3Simulator;
  let t: TestServer;
  beforeAll(async () => {
    sim = await startS3Simulator({ buckets: [BUCKET] });
    t = await startTestServer("pglite", { s3: loadConfig({ ...sim.env(BUCKET) }).s3 });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("redirects a stream to a signed bucket URL that answers the rendition with ranges", async () => {
    const visitor = new Client(t.url);
    await visitor.asGuest(); // the stream needs a session
    const songs = await visitor.get<Array<{ id: string }>>("/api/songs?limit=1");
    const res = await fetch(`${t.url}/api/songs/${songs.body[0]!.id}/stream?quality=standard`, {
      redirect: "manual",
      headers: { cookie: visitor.cookie },
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(sim.url);
    expect(location.pathname).toMatch(new RegExp(`^/${BUCKET}/renditions/[0-9a-f]{64}-128\\.mp3$`));
    expect(location.searchParams.get("X-Amz-Expires")).toBe("600");
    const part = await fetch(location, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // The player may follow it (media-src names the bucket).
    expect(res.headers.get("content-security-policy") ?? "").toContain(
      `media-src 'self' blob: data: ${sim.url}`,
    );
  });
});
