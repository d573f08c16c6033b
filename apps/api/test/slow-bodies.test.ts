// A request must arrive within REQUEST_TIMEOUT_MS: a body drip-fed a byte at a time is answered 408 and its
// connection closed, instead of holding it for good.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/server.js";

describe("slow request bodies", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer("pglite", { requestTimeoutMs: 2000 });
  });
  afterAll(() => t?.close());

  it("cuts a body that has not arrived in time: 408, connection closed", async () => {
    const { port } = new URL(t.url);
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.write(
      "POST /api/playlists HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    const drip = setInterval(() => socket.write(" "), 1000);
    const started = Date.now();
    await new Promise<void>((resolve) => socket.on("close", () => resolve()));
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);
});
