// Found by the reliability suite: a SIGTERM waited for idle keep-alive connections (up to 72 s), and
// request logs carried upload tokens.
import net from "node:net";
import { describe, expect, it } from "vitest";
import { loggedUrl } from "../src/web/http/log-redaction.js";
import { startTestServer } from "./helpers/server.js";

describe("shutdown", () => {
  it("answers a request in flight and then stops at once, though its connection was keep-alive", async () => {
    const t = await startTestServer("pglite");
    const { port } = new URL(t.url);
    const socket = net.connect({ host: "127.0.0.1", port: Number(port) });
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (c: Buffer) => (answer += c.toString()));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    const body = JSON.stringify({});
    socket.write(
      `POST /api/guest HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const stopping = t.close();
    socket.write(body);
    await stopping;
    // The server ends the connection after its response (Connection: close), well within the keep-alive timeout.
    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    expect(answer.toLowerCase()).toContain("connection: close");
  });
});

describe("request logs", () => {
  it("never show an upload token", () => {
    expect(loggedUrl("/api/objects/upload/abcDEF123_-xyz")).toBe("/api/objects/upload/[redacted]");
    expect(loggedUrl("/api/objects/upload/abc?x=1")).toBe("/api/objects/upload/[redacted]?x=1");
    expect(loggedUrl("/api/objects/upload")).toBe("/api/objects/upload");
    expect(loggedUrl("/api/songs?limit=5")).toBe("/api/songs?limit=5");
  });
});
