// The OpenAPI document: valid OpenAPI 3.1 by a real validator, and the responses the
// server really sends validate against the document's response schemas, so the document cannot drift.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { procedureFacts, type PlaylistDto, type SongDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  "x-purplebeats-auth"?: string;
  "x-purplebeats-cache"?: string;
  "x-purplebeats-catalog-write"?: boolean;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> } | { $ref: string }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses: Record<string, { content: Record<string, { schema: object }> }>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
  };
}

describe("the OpenAPI document", () => {
  let t: TestServer;
  let doc: Document;
  let listener: Client;
  let uid: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  beforeAll(async () => {
    t = await startTestServer("pglite");
    doc = (await new Client(t.url).get<Document>("/api/openapi.json")).body;
    listener = new Client(t.url);
    uid = (await premiumListener(listener, "openapi-reader")).uid;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The response the document gives for a path, method and status. */
  function documented(path: string, method: string, status: number): object {
    const response = doc.paths[path]?.[method]?.responses[String(status)];
    if (!response) throw new Error(`${method} ${path} documents no ${status}`);
    const resolved = "$ref" in response ? doc.components.responses.Error : response;
    const schema = resolved?.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${method} ${path} ${status} has no JSON schema`);
    return schema;
  }

  /** Asserts that a real response validates against the document's schema for it. */
  function expectDocumented(path: string, method: string, res: { status: number; body: unknown }) {
    const validate = ajv.compile(documented(path, method, res.status));
    const valid = validate(res.body);
    expect(validate.errors ?? [], `${method.toUpperCase()} ${path} → ${res.status}`).toEqual([]);
    expect(valid).toBe(true);
  }

  it("is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate({ ...doc });
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("gives parameters and bodies their schemas from the procedures' zod inputs", () => {
    const genre = doc.paths["/api/songs/genre/{genre}"]!.get!;
    expect(genre.parameters).toEqual([
      { name: "genre", in: "path", required: true, schema: { type: "string", minLength: 1, maxLength: 60 } },
      { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100 } },
      {
        name: "cursor",
        in: "query",
        required: false,
        schema: { type: "string", maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" },
      },
    ]);
    const radioSeeds = doc.paths["/api/songs/radio"]!.get!.parameters!.find((p) => p.name === "seeds");
    expect(radioSeeds).toMatchObject({ required: true, style: "form", explode: false });
    const create = doc.paths["/api/playlists"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(create).toMatchObject({
      type: "object",
      required: ["name"],
      properties: { name: { type: "string", minLength: 1, maxLength: 100 }, isPublic: { type: "boolean" } },
    });
    const songId = doc.paths["/api/playlists/{id}/songs/{songId}"]!.delete!.parameters![1]!;
    expect(songId).toMatchObject({ name: "songId", in: "path", schema: { format: "uuid" } });
  });

  it("describes the responses the server really sends", async () => {
    const songs = await listener.get<SongDto[]>("/api/songs?limit=5");
    expectDocumented("/api/songs", "get", songs);
    const song = songs.body[0]!;
    expectDocumented("/api/songs/genres", "get", await listener.get("/api/songs/genres"));
    expectDocumented("/api/search", "get", await listener.get("/api/search?q=a"));
    expectDocumented("/api/artists/{id}", "get", await listener.get(`/api/artists/${song.artistId}`));
    if (song.albumId) {
      expectDocumented("/api/albums/{id}", "get", await listener.get(`/api/albums/${song.albumId}`));
      const tracks = await listener.get(`/api/albums/${song.albumId}/songs`);
      expectDocumented("/api/albums/{id}/songs", "get", tracks);
    }
    expectDocumented("/api/me", "get", await listener.get("/api/me"));
    expectDocumented("/api/profile/{userId}", "get", await listener.get(`/api/profile/${uid}`));
    expectDocumented("/api/profile/{userId}/stats", "get", await listener.get(`/api/profile/${uid}/stats`));
    expectDocumented("/api/membership/{userId}", "get", await listener.get(`/api/membership/${uid}`));

    const created = await listener.post<PlaylistDto>("/api/playlists", { name: "Documented" });
    expectDocumented("/api/playlists", "post", created);
    const added = await listener.post(`/api/playlists/${created.body.id}/songs`, { songId: song.id });
    expectDocumented("/api/playlists/{id}/songs", "post", added);
    expectDocumented("/api/playlists/{id}", "get", await listener.get(`/api/playlists/${created.body.id}`));
    expectDocumented(
      "/api/liked-songs",
      "post",
      await listener.post("/api/liked-songs", { songId: song.id }),
    );
    expectDocumented("/api/liked-songs", "get", await listener.get("/api/liked-songs"));
    expectDocumented(
      "/api/playlists/collection/{userId}",
      "get",
      await listener.get(`/api/playlists/collection/${uid}`),
    );
    const guest = new Client(t.url);
    expectDocumented("/api/guest", "post", await guest.post("/api/guest"));
  });

  it("describes refusals as {error, message}", async () => {
    const missing = await listener.get("/api/artists/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expectDocumented("/api/artists/{id}", "get", missing);
    const bad = await listener.get("/api/songs?limit=1000");
    expect(bad.status).toBe(400);
    expectDocumented("/api/songs", "get", bad);
  });

  it("says per operation what the procedure's builder and meta say", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const { at, op } of operations) {
      const facts = procedureFacts.get(op.operationId ?? "");
      expect(facts, `${at} names its procedure`).toBeDefined();
      if (!facts) continue;
      expect(op["x-purplebeats-auth"], at).toBe(facts.auth);
      if (facts.type === "mutation") {
        expect(op["x-purplebeats-catalog-write"], at).toBe(facts.meta.catalogWrite);
        expect(op["x-purplebeats-cache"], at).toBeUndefined();
      } else {
        expect(op["x-purplebeats-cache"], at).toBe(facts.meta.cache ?? "perCaller");
        expect(op["x-purplebeats-catalog-write"], at).toBeUndefined();
      }
      const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
      const expected = {
        public: [],
        session: ["sessionCookie"],
        premium: ["sessionCookie"],
        adminSession: ["sessionCookie"],
        admin: ["adminToken", "sessionCookie"],
      }[facts.auth];
      expect(schemes, at).toEqual(expected);
    }
    // Every kind and cache rule appears, so the loop above compared something of each.
    // (adminSession on REST: setting the admin role, which no API token may do; the tokens are tRPC only.)
    expect(new Set(operations.map(({ op }) => op["x-purplebeats-auth"]))).toEqual(
      new Set(["public", "session", "premium", "admin", "adminSession"]),
    );
    expect(doc.paths["/api/admin/users/{userId}/admin"]?.put?.security).toEqual([{ sessionCookie: [] }]);
    expect(new Set(operations.map(({ op }) => op["x-purplebeats-cache"]))).toEqual(
      new Set(["shared", "sharedWhenPublic", "perCaller", undefined]),
    );
    expect(doc.paths["/api/songs/{songId}/stream"]?.get?.operationId).toBe("songs.stream");
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(doc.components.securitySchemes.adminToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("lets a caller without the declared security in no further than 401", async () => {
    const anonymous = new Client(t.url);
    expect((await anonymous.get("/api/liked-songs")).status).toBe(401);
    expect(doc.paths["/api/liked-songs"]!.get!.security).toEqual([{ sessionCookie: [] }]);
    expect((await anonymous.get("/api/songs")).status).toBe(200);
    expect(doc.paths["/api/songs"]!.get!.security).toBeUndefined();
  });
});
