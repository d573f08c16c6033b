// News & Updates over HTTP: admins write announcements (and only admins), listeners read the published
// ones newest first, a page at a time; bad input is a 400 that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsPostDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const ADMIN_UID = "news-admin-uid";

describe("news and updates", () => {
  let t: TestServer;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestServer("pglite", { adminUids: new Set([ADMIN_UID]) });
    admin = new Client(t.url);
    await admin.signInWithPi("news-admin", ADMIN_UID);
  });
  afterAll(async () => {
    await t?.close();
  });
  const count = async () =>
    Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM news_posts`))[0]!.n);

  it("publishes an admin's post to everyone, newest first, and edits and deletes it", async () => {
    const older = await admin.post<NewsPostDto>("/api/admin/news", {
      title: "Welcome",
      body: "Hello **listeners**",
      publishedAt: "2026-11-01T09:00:00Z",
    });
    expect(older.status).toBe(201);
    expect(older.body).toMatchObject({ title: "Welcome", body: "Hello **listeners**" });
    expect(older.body.publishedAt).toBe("2026-11-01T09:00:00.000Z");
    const newer = await admin.post<NewsPostDto>("/api/admin/news", {
      title: "  Lyrics arrive ",
      body: "Sing.",
    });
    expect(newer.body.title).toBe("Lyrics arrive");
    const scheduled = await admin.post<NewsPostDto>("/api/admin/news", {
      title: "Coming soon",
      body: "Soon.",
      publishedAt: "2099-01-01T00:00:00+01:00",
    });

    const reader = new Client(t.url);
    const list = await reader.get<NewsPostDto[]>("/api/news");
    expect(list.status).toBe(200);
    expect(list.body.map((p) => p.title)).toEqual(["Lyrics arrive", "Welcome"]);
    const adminList = await admin.get<NewsPostDto[]>("/api/admin/news");
    expect(adminList.body.map((p) => p.title)).toEqual(["Coming soon", "Lyrics arrive", "Welcome"]);

    const edited = await admin.put<NewsPostDto>(`/api/admin/news/${older.body.id}`, {
      title: "Welcome aboard",
    });
    expect(edited.body).toMatchObject({ title: "Welcome aboard", body: "Hello **listeners**" });
    expect((await reader.get<NewsPostDto[]>("/api/news")).body[1]!.title).toBe("Welcome aboard");

    expect((await admin.del(`/api/admin/news/${scheduled.body.id}`)).body).toEqual({ success: true });
    expect((await admin.del(`/api/admin/news/${scheduled.body.id}`)).status).toBe(404);
    expect((await admin.put(`/api/admin/news/${scheduled.body.id}`, { title: "Gone" })).status).toBe(404);
  });

  it("pages the list with a cursor", async () => {
    for (let i = 0; i < 5; i++)
      await admin.post("/api/admin/news", {
        title: `Note ${i}`,
        body: "b",
        publishedAt: "2026-10-01T00:00:00Z",
      });
    const all = (await new Client(t.url).get<NewsPostDto[]>("/api/news?limit=50")).body.map((p) => p.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await new Client(t.url).get<NewsPostDto[]>(`/api/news${query}`);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((p) => p.id));
      cursor = page.headers.get("x-next-cursor");
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await new Client(t.url).get("/api/news?cursor=bad!")).status).toBe(400);
    expect((await new Client(t.url).get("/api/news?limit=51")).status).toBe(400);
  });

  it("lets only admins write (401 without a session, 403 for a listener)", async () => {
    const before = await count();
    const listener = new Client(t.url);
    await listener.signInWithPi("news-reader");
    const post = { title: "Sneaky", body: "Not an admin" };
    expect((await new Client(t.url).post("/api/admin/news", post)).status).toBe(401);
    expect((await listener.post("/api/admin/news", post)).status).toBe(403);
    expect((await listener.get("/api/admin/news")).status).toBe(403);
    const [first] = (await admin.get<NewsPostDto[]>("/api/admin/news")).body;
    expect((await listener.put(`/api/admin/news/${first!.id}`, { title: "Mine" })).status).toBe(403);
    expect((await listener.del(`/api/admin/news/${first!.id}`)).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ body: "no title" }, "Title is required"],
      [{ title: "   ", body: "blank title" }, "Title is required"],
      [{ title: "x".repeat(121), body: "b" }, "Title must be at most 120 characters"],
      [{ title: "t", body: "" }, "Body is required"],
      [{ title: "t", body: "b".repeat(20001) }, "Body must be at most 20000 characters"],
      [{ title: "t", body: "b", publishedAt: "tomorrow" }, "publishedAt must be an ISO 8601 time"],
      [{ title: "t\u0000", body: "b" }, "cannot be stored"],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post<{ message: string }>("/api/admin/news", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await admin.put("/api/admin/news/not-a-uuid", { title: "x" })).status).toBe(400);
    const [first] = (await admin.get<NewsPostDto[]>("/api/admin/news")).body;
    const nothing = await admin.put<{ message: string }>(`/api/admin/news/${first!.id}`, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toContain("Nothing to update");
    expect(await count()).toBe(before);
  });
});
