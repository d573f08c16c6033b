// A refusal a listener may read carries a stable code beside its English message (REST: `code`, tRPC:
// `data.errorCode`), so the app can show it in the listener's language; the English message is unchanged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { PLAYLIST_DESCRIPTION_MAX } from "@purplebeats/contracts/constants";
import { Client, listenerOf, startTestServer, type TestServer } from "./helpers/server.js";

interface TrpcError {
  error: {
    json: {
      message: string;
      data: { httpStatus: number; errorCode?: string; errorCodes?: (string | null)[] };
    };
  };
}

describe.each(testBackends())("error codes on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("REST: a missing playlist is 404 'Playlist not found' with its code", async () => {
    const res = await new Client(t.url).get("/api/playlists/no-such-playlist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Not Found", message: "Playlist not found", code: "playlistNotFound" });
  });

  it("tRPC: a free listener's like is refused with SPEC.md's message and the premium code", async () => {
    const client = await listenerOf(t, false);
    const songs = await client.get<{ id: string }[]>("/api/songs?limit=1");
    const songId = songs.body[0]?.id;
    const res = await client.post<TrpcError>("/trpc/likedSongs.like", { json: { songId } });
    expect(res.status).toBe(403);
    expect(res.body.error.json.message).toBe(
      "Premium feature required. Upgrade to Premium (3.14 π) to unlock this.",
    );
    expect(res.body.error.json.data.errorCode).toBe("premiumRequired");
  });

  it("tRPC: a bad input keeps its 'field: message' text and carries the rule's code", async () => {
    const client = await listenerOf(t, true);
    const res = await client.post<TrpcError>("/trpc/myPlaylists.create", {
      json: { name: "   ", description: null, isPublic: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe("name: Playlist name is required");
    expect(res.body.error.json.data.errorCode).toBe("playlistNameRequired");
  });

  it("tRPC: an input with two problems carries each one's code, so that both read in the listener's language", async () => {
    const client = await listenerOf(t, true);
    const res = await client.post<TrpcError>("/trpc/myPlaylists.create", {
      json: { name: "   ", description: "x".repeat(PLAYLIST_DESCRIPTION_MAX + 1), isPublic: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe(
      "name: Playlist name is required; description: Description too long",
    );
    expect(res.body.error.json.data.errorCodes).toEqual([
      "playlistNameRequired",
      "playlistDescriptionTooLong",
    ]);
  });

  it("a message with no code (an operator's, not a listener's) is sent without one", async () => {
    const res = await new Client(t.url).get("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Not Found", message: "No such path: GET /api/nope" });
  });
});
