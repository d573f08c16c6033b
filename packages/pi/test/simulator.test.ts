// The simulator's HTTP surface beyond what the client covers: the shim, CORS, mounting, the guard.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPiPlatformClient } from "../src/index.js";
import {
  PiSimulatorState,
  piSimulatorPlugin,
  startPiSimulator,
  type RunningPiSimulator,
} from "../src/simulator/index.js";
import { API_KEY, controlApi, premiumPayment } from "./helpers.js";

let simulator: RunningPiSimulator;
beforeAll(async () => {
  simulator = await startPiSimulator({ port: 0, apiKey: API_KEY });
});
afterAll(() => simulator.close());

describe("GET /sdk.js", () => {
  it("serves the browser shim as JavaScript", async () => {
    const response = await fetch(`${simulator.url}/sdk.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    const script = await response.text();
    expect(script).toContain("window.Pi");
    for (const testId of ["pi-sim-allow", "pi-sim-cancel", "pi-sim-approve", "pi-sim-username"]) {
      expect(script).toContain(testId);
    }
    // Parses as a classic script (syntax only; nothing runs).
    expect(() => new Function(script)).not.toThrow();
  });
});

describe("control API", () => {
  // A page on any site the developer opens could mint sessions or reset the simulator.
  it("grants no CORS and refuses what another site's page sends, preflight or simple POST", async () => {
    const preflight = await fetch(`${simulator.url}/__control/payments`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();

    const minted = vi.spyOn(simulator.state, "authenticate");
    const reset = vi.spyOn(simulator.state, "reset");
    const own = new URL(simulator.url).host;
    for (const headers of [
      { Origin: "https://evil.example" } as Record<string, string>,
      { Origin: "null" },
      { Origin: `http://${own}.evil.example` },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site", Origin: `http://${own}` },
    ]) {
      // A form post or a text/plain fetch: a "simple" request, sent without any preflight.
      const response = await fetch(`${simulator.url}/__control/users`, {
        method: "POST",
        headers: { "Content-Type": "text/plain", ...headers },
        body: JSON.stringify({ username: "victim" }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      expect(await response.json()).toMatchObject({ error_message: expect.stringContaining("same origin") });
    }
    for (const path of ["/__control/reset", "/__control/faults"]) {
      const response = await fetch(`${simulator.url}${path}`, {
        method: "POST",
        headers: { Origin: "https://evil.example" },
      });
      expect(response.status).toBe(403);
    }
    expect(minted).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
    minted.mockRestore();
    reset.mockRestore();

    // The shim on the simulator's own page, and clients that are no browser, still get through.
    const fromOwnPage: Record<string, string> = { Origin: `http://${own}`, "Sec-Fetch-Site": "same-origin" };
    for (const headers of [fromOwnPage, {}]) {
      const response = await fetch(`${simulator.url}/__control/users`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ username: "pioneer" }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("rejects a payment without a valid access token, and a malformed body", async () => {
    const noToken = await fetch(`${simulator.url}/__control/payments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(premiumPayment),
    });
    expect(noToken.status).toBe(401);

    const badUser = await fetch(`${simulator.url}/__control/users`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "" }),
    });
    expect(badUser.status).toBe(400);
    expect(await badUser.json()).toMatchObject({ error: "invalid_request" });
  });

  it("accepts POST /approve with a JSON content type and no body, as Pi does", async () => {
    const { accessToken } = await controlApi(simulator.url).signIn("hal");
    const payment = await controlApi(simulator.url).createPayment(accessToken, premiumPayment);
    const response = await fetch(`${simulator.url}/v2/payments/${payment.identifier}/approve`, {
      method: "POST",
      headers: { Authorization: `Key ${API_KEY}`, "Content-Type": "application/json" },
    });
    expect(response.status).toBe(200);
  });
});

describe("piSimulatorPlugin", () => {
  it("mounts under a prefix in a host app, sharing state the host passes in", async () => {
    const state = new PiSimulatorState();
    const host = Fastify();
    host.get("/api/health", async () => ({ ok: true }));
    await host.register(piSimulatorPlugin, { prefix: "/pi-sim", apiKey: API_KEY, state });
    await host.listen({ port: 0, host: "127.0.0.1" });
    try {
      const address = host.server.address();
      const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/pi-sim`;
      const { accessToken, user } = state.authenticate({ username: "iris" });
      const pi = createPiPlatformClient({ baseUrl: base, apiKey: API_KEY });
      expect((await pi.me(accessToken)).uid).toBe(user.uid);
      expect((await fetch(`${base}/sdk.js`)).status).toBe(200);
      // The host's own routes keep Fastify's default JSON handling.
      expect((await host.inject("/api/health")).json()).toEqual({ ok: true });
    } finally {
      await host.close();
    }
  });

  it("refuses to run in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      await expect(startPiSimulator({ port: 0, apiKey: API_KEY })).rejects.toThrow(/production/);
      const host = Fastify();
      await expect(host.register(piSimulatorPlugin, { apiKey: API_KEY }).ready()).rejects.toThrow(
        /production/,
      );
      await host.close();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
