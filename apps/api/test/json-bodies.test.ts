// Bodies are JSON: text and form bodies are refused before any handler runs (REST and tRPC), and tRPC
// input that is not JSON is refused even by procedures that take none (found by the reliability suite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

describe("JSON bodies only", () => {
  let t: TestServer;
  let c: Client;
  beforeAll(async () => {
    t = await startTestServer("pglite");
    c = new Client(t.url);
    await c.asGuest();
  });
  afterAll(async () => {
    await t?.close();
  });
  const count = async (table: string) =>
    Number((await t.server.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

  it("refuses text and multipart bodies with 415 on REST and tRPC", async () => {
    const uploads = await count("uploads");
    for (const path of ["/api/objects/upload", "/api/logout", "/trpc/uploads.grant", "/trpc/auth.logout"]) {
      for (const type of ["text/plain", "multipart/form-data; boundary=x"]) {
        const res = await c.post(path, "hello", { "content-type": type });
        expect(res.status, `${path} ${type}`).toBe(415);
        expect(JSON.stringify(res.body)).toContain("application/json");
      }
    }
    expect(await count("uploads")).toBe(uploads);
    expect((await c.get<{ uid: string } | null>("/api/me")).body?.uid).toBeTruthy();
  });

  it("refuses malformed tRPC input with 400, in its own error shape", async () => {
    const bad = await c.post<{ error: { json: { message: string } } }>("/trpc/uploads.grant", "{bad");
    expect(bad.status).toBe(400);
    expect(bad.body.error.json.message).toBe("The input is not valid JSON");
    const batch = await c.get<unknown[]>("/trpc/auth.me,songs.genres?batch=1&input=%7Bbad");
    expect(batch.status).toBe(400);
    expect(batch.body).toHaveLength(2);
    expect((await c.get("/trpc/auth.me?input=%7B%220%22%3A%7B%7D%7D")).status).toBe(200);
    expect((await c.post("/trpc/uploads.grant", JSON.stringify({ json: null }))).status).toBe(200);
  });
});
