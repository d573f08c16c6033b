// The Pi simulator mints identities for any uid, so it stays on this machine.
import http from "node:http";
import { networkInterfaces } from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { loadConfig } from "../src/config/env.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

/** An IPv4 address of this machine that is not loopback, when it has one. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

const mintAdmin = (url: string, headers: Record<string, string> = {}, path = "/pi-sim/__control/users") =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ username: "boss", uid: "admin-uid-1" }),
  });

/** A request with exactly these headers (fetch may not set Host): its status, headers and body. */
function rawRequest(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request(url, { method, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    },
  );
}
const MINT_BODY = JSON.stringify({ username: "boss", uid: "admin-uid-1" });

describe("Pi simulator settings", () => {
  it("listens on loopback by default in development, on every interface in production", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "development" }).host).toBe("127.0.0.1");
    expect(loadConfig({ DATABASE_URL: "postgres://db/app", PI_SIMULATOR: "0", PI_API_KEY: "k" }).host).toBe(
      "0.0.0.0",
    );
  });

  it("refuses a non-loopback HOST with the simulator on unless PI_SIMULATOR_PUBLIC=1", () => {
    for (const host of ["0.0.0.0", "::", "192.0.2.10"])
      expect(() => loadConfig({ HOST: host })).toThrow(/PI_SIMULATOR_PUBLIC=1/);
    expect(loadConfig({ HOST: "localhost" }).pi.simulatorPublic).toBe(false);
    expect(loadConfig({ HOST: "0.0.0.0", PI_SIMULATOR_PUBLIC: "1" }).pi).toMatchObject({
      simulator: true,
      simulatorPublic: true,
    });
    // Without the simulator there is nothing to open.
    expect(loadConfig({ HOST: "0.0.0.0", PI_SIMULATOR: "0" }).pi.simulatorPublic).toBe(false);
  });
});

describe.each(testBackends())("Pi simulator controls on %s", (kind) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  const start = async (overrides: Parameters<typeof startTestServer>[1]) => {
    const t = await startTestServer(kind, overrides);
    servers.push(t);
    return t;
  };

  let shared: TestServer | undefined;
  /** One server for the checks that need no settings of their own. */
  const sharedServer = async () => (shared ??= await start({ trustProxy: true }));

  it("answer this machine, and refuse a client a trusted proxy reports from elsewhere", async () => {
    const t = await sharedServer();
    expect((await mintAdmin(t.url)).status).toBe(200);
    const remote = { "x-forwarded-for": "203.0.113.7" };
    const refused = await mintAdmin(t.url, remote);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining("only this machine") });
    // However the path is spelled, the route that would answer decides.
    expect((await mintAdmin(t.url, remote, "/pi-sim/%5F_control/users")).status).not.toBe(200);
    // The rest of the app still answers remote clients.
    expect((await fetch(`${t.url}/api/songs?limit=1`, { headers: remote })).status).toBe(200);
  }, 240_000);

  it("grant no website CORS access, and refuse a cross-site request (a simple POST needs no preflight)", async () => {
    const t = await sharedServer();
    const json = { "content-type": "application/json" };
    const preflight = await fetch(`${t.url}/pi-sim/__control/users`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const fromSite = await mintAdmin(t.url, { origin: "https://evil.example" });
    expect(fromSite.status).toBe(403);
    expect(fromSite.headers.get("access-control-allow-origin")).toBeNull();
    expect(await fromSite.text()).toContain("another website");
    const crossSite = await mintAdmin(t.url, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    // A form post from another site: text/plain, no preflight.
    const form = await fetch(`${t.url}/pi-sim/__control/reset`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "null" },
      body: "x",
    });
    expect(form.status).toBe(403);
    // The app's own pages (same origin) and tools that send no Origin still work.
    const host = new URL(t.url).host;
    const own = await mintAdmin(t.url, {
      ...json,
      origin: `http://${host}`,
      "sec-fetch-site": "same-origin",
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("access-control-allow-origin")).toBeNull();
    expect((await mintAdmin(t.url)).status).toBe(200);
  }, 240_000);

  it("answer only the names of this machine: another Host (DNS rebinding) gets 421 on every route", async () => {
    const t = await sharedServer();
    const { port } = new URL(t.url);
    for (const path of ["/pi-sim/__control/users", "/api/songs?limit=1", "/"]) {
      const method = path.includes("__control") ? "POST" : "GET";
      const body = method === "POST" ? MINT_BODY : undefined;
      const foreign = await rawRequest(
        `${t.url}${path}`,
        method,
        { host: `rebind.evil.example:${port}`, "content-type": "application/json" },
        body,
      );
      expect(foreign.status, path).toBe(421);
      expect(JSON.parse(foreign.body)).toMatchObject({
        message: expect.stringContaining("rebind.evil.example"),
      });
    }
    for (const host of [
      "localhost",
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      "LOCALHOST:1",
    ]) {
      const allowed = await rawRequest(
        `${t.url}/pi-sim/__control/users`,
        "POST",
        { host, "content-type": "application/json" },
        MINT_BODY,
      );
      expect(allowed.status, host).toBe(200);
    }
  }, 240_000);

  it.skipIf(!externalAddress)(
    "refuse another machine unless PI_SIMULATOR_PUBLIC=1 opened them",
    async () => {
      const closed = await start({ host: "0.0.0.0" });
      const closedUrl = closed.url.replace("localhost", externalAddress!);
      expect((await mintAdmin(closedUrl)).status).toBe(403);
      const open = await start({ host: "0.0.0.0", pi: { ...closed.config.pi, simulatorPublic: true } });
      expect((await mintAdmin(open.url.replace("localhost", externalAddress!))).status).toBe(200);
    },
    400_000,
  );
});
