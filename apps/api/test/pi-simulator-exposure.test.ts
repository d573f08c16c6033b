// Issue 14, weakness 3: the Pi simulator mints identities for any uid, so it stays on this machine.
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

  it("answer this machine, and refuse a client a trusted proxy reports from elsewhere", async () => {
    const t = await start({ trustProxy: true });
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
