// 1. Bad input: seeded, reproducible bad requests to every endpoint (REST and its tRPC twin). Each must get
// a 4xx with a clear JSON message, never a 5xx, and no refused request may write a row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBlankText, procedureFacts } from "@purplebeats/contracts";
import type { ApiProcess } from "../src/api-process.js";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { outputDir, QUICK, runSeed, SIZES } from "../src/config.js";
import {
  endpointKey,
  procedureEndpoints,
  restEndpoints,
  type Fixtures,
  type OpenApiDocument,
} from "../src/endpoints.js";
import { createPlaylist, premiumUser, readCatalog, type PremiumUser } from "../src/fixtures.js";
import { generateCases, encodeValue, requestWithText, textFields, type Api, type Case } from "../src/fuzz.js";
import { unicodeText } from "../src/unicode-text.js";
import { HTML_INJECTIONS, ODD_UNICODE, SQL_INJECTIONS, TRAVERSALS, hostileString } from "../src/hostile.js";
import { Client, errorMessage, rawRequest, type RawResponse } from "../src/http.js";
import { signInWithPi } from "../src/pi.js";
import { countChanges } from "../src/postgres.js";
import { SuiteResults } from "../src/results.js";
import { Rng } from "../src/rng.js";
import { NO_RATE_LIMITS, runPool, startStack, type Stack } from "../src/stack.js";

const seed = runSeed();
const results = new SuiteResults("bad-input");

interface Failure {
  case: string;
  status: number;
  body: string;
}

/** A refusal: a 4xx whose JSON body carries a message a person can read. */
function refusalProblem(res: RawResponse): string | undefined {
  if (res.status < 400 || res.status >= 500) return `status ${res.status}`;
  const message = errorMessage(res.json);
  if (!message || message.trim().length < 3) return "no JSON message";
  if (/^\s*(undefined|null|\[object Object\])\s*$/.test(message)) return `meaningless message ${message}`;
  return undefined;
}

describe("bad input", () => {
  let stack: Stack;
  let api: ApiProcess;
  let fuzzer: PremiumUser;
  let fx: Fixtures;
  let otherUserId: string;
  let openapi: OpenApiDocument;
  /** What is fuzzed, derived from the running server's document and the router. */
  let endpoints: Api;

  beforeAll(async () => {
    stack = await startStack("badinput");
    api = stack.api("bad-input", NO_RATE_LIMITS);
    await api.start();
    const catalog = await readCatalog(api.url);
    fuzzer = await premiumUser(stack.sim, api.url, "fuzzer");
    otherUserId = (await signInWithPi(stack.sim, new Client(api.url), "bystander")).uid;
    const [song1, song2] = catalog.songs;
    const own = await createPlaylist(fuzzer.client, "Fuzz fixture");
    const added = await fuzzer.client.post(`/api/playlists/${own.id}/songs`, { songId: song1!.id });
    expect(added.status).toBe(201);
    fx = {
      uid: fuzzer.uid,
      songId: song1!.id,
      songId2: song2!.id,
      ownPlaylistId: own.id,
      systemPlaylistId: catalog.systemPlaylists[0]!.id,
      genre: catalog.genres[0]!,
      artistId: song1!.artistId,
      albumId: song1!.albumId ?? song1!.id,
      paymentId: fuzzer.paymentId,
      txid: fuzzer.txid,
    };
    openapi = (await new Client(api.url).get("/api/openapi.json")).json as OpenApiDocument;
    const rest = restEndpoints(openapi, new Rng(seed, "endpoints"));
    endpoints = { rest, procedures: procedureEndpoints(rest, new Rng(seed, "procedures")) };
  });

  afterAll(async () => {
    results.save(seed);
    await stack?.stop();
  });

  it("fuzzes every operation of /api/openapi.json and every tRPC procedure, and nothing else", () => {
    const documented = Object.entries(openapi.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => endpointKey(m.toUpperCase(), p.replace(/\{([A-Za-z]+)\}/g, ":$1"))),
    );
    expect(documented.length).toBeGreaterThan(60);
    // The cases really made, not the list they are made from: an endpoint the generator skipped shows.
    const routeCount = endpoints.rest.length + endpoints.procedures.length;
    const cases = generateCases(new Rng(seed, "coverage"), endpoints, fx, routeCount, otherUserId);
    const fuzzed = new Set(cases.map((c) => c.endpoint));
    const rawUploads = endpoints.rest.filter((r) => r.raw).map((r) => endpointKey(r.method, r.path));
    expect(rawUploads).toHaveLength(2);
    const restFuzzed = [...fuzzed].filter((e) => !e.startsWith("tRPC ") && !rawUploads.includes(e));
    expect(restFuzzed.sort()).toEqual([...documented].sort());
    const proceduresFuzzed = [...fuzzed].filter((e) => e.startsWith("tRPC ")).map((e) => e.slice(5));
    expect(proceduresFuzzed.sort()).toEqual([...procedureFacts.keys()].sort());
    // Security comes from the document: a listener's list needs a session, the catalog does not.
    const needsCaller = (key: string) =>
      endpoints.rest.find((r) => endpointKey(r.method, r.path) === key)?.needsCaller;
    expect(needsCaller("GET /api/liked-songs")).toBe(true);
    expect(needsCaller("GET /api/songs")).toBe(false);
  });

  it("makes the same cases from the same seed", () => {
    const make = () => generateCases(new Rng(seed, "bad-input"), endpoints, fx, 500, otherUserId);
    const [a, b] = [make(), make()];
    expect(b.map((c) => c.request)).toEqual(a.map((c) => c.request));
    expect(new Set(a.map((c) => c.request.path)).size).toBeGreaterThan(250);
  });

  it(`refuses ${SIZES.badInputCases.toLocaleString("en-US")} seeded bad requests with a 4xx and writes nothing`, async () => {
    const rng = new Rng(seed, "bad-input");
    const cases = generateCases(rng, endpoints, fx, SIZES.badInputCases, otherUserId);
    const failures: Failure[] = [];
    const byFamily = new Map<string, { cases: number; failures: number }>();
    let rest = 0;
    let writesLost = 0;
    const batchSize = 250;
    const started = Date.now();

    for (let start = 0; start < cases.length; start += batchSize) {
      const batch = cases.slice(start, start + batchSize);
      const before = await stack.db.rowCounts();
      const answered = await runPool(batch, 8, async (c: Case) => {
        const headers: Record<string, string> = { "x-purplebeats-client": "1", ...c.request.headers };
        if (fuzzer.client.cookie && !c.anonymous) headers.cookie = fuzzer.client.cookie;
        let res: RawResponse;
        try {
          res = await rawRequest(api.url, { ...c.request, headers });
        } catch (error) {
          res = { status: 0, headers: {}, text: String(error), json: undefined };
        }
        const problem = refusalProblem(res);
        const key = `${c.endpoint.startsWith("tRPC") ? "tRPC" : "REST"} ${c.family}`;
        const tally = byFamily.get(key) ?? { cases: 0, failures: 0 };
        tally.cases++;
        if (problem) {
          tally.failures++;
          failures.push({
            case: `#${c.id} ${c.endpoint} [${c.detail}] ${c.request.method} ${c.request.path.slice(0, 160)}`,
            status: res.status,
            body: `${problem}: ${res.text.slice(0, 200)}`,
          });
        }
        byFamily.set(key, tally);
        if (!c.endpoint.startsWith("tRPC")) rest++;
        return { c, res };
      });
      const changes = countChanges(before, await stack.db.rowCounts());
      if (Object.keys(changes).length) {
        writesLost += Object.values(changes).reduce((n, d) => n + Math.abs(d), 0);
        const accepted = answered.filter((a) => a.res.status < 300).map((a) => `#${a.c.id} ${a.c.endpoint}`);
        failures.push({
          case: `batch ${start}-${start + batch.length - 1}: rows changed ${JSON.stringify(changes)}`,
          status: 0,
          body: `accepted in this batch: ${accepted.join(", ") || "none"}`,
        });
      }
      // A case that slipped through may have ended the session (logout): sign in again.
      const me = await fuzzer.client.get("/api/me");
      if ((me.json as { uid?: string } | null)?.uid !== fuzzer.uid) {
        await signInWithPi(stack.sim, fuzzer.client, "fuzzer");
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `bad input: ${cases.length} cases (${rest} REST, ${cases.length - rest} tRPC) over ${endpoints.rest.length} REST endpoints and ${endpoints.procedures.length} procedures in ${seconds.toFixed(1)} s; ${failures.length} failures`,
    );
    console.table(Object.fromEntries([...byFamily.entries()].sort()));
    for (const f of failures.slice(0, 40)) console.log(`FAIL ${f.case} → ${f.status} ${f.body}`);
    writeFileSync(
      path.join(outputDir, "bad-input-failures.txt"),
      failures.map((f) => `${f.case} → ${f.status} ${f.body}`).join("\n"),
    );

    results.add({
      area: "Bad input",
      what: `REST routes of /api/openapi.json (+ upload PUT): wrong types, missing/extra fields, huge strings and >1 MB bodies, bad numbers, odd Unicode, SQL/HTML injection, malformed JSON, wrong content types, unknown ids, x-user-id, no session where the document lists security`,
      cases: rest,
      failures: failures.filter((f) => !f.case.includes("tRPC") && !f.case.startsWith("batch")).length,
      writesLost,
    });
    results.add({
      area: "Bad input",
      what: "every tRPC procedure of the router: bad inputs, wrong methods, unknown procedures, malformed input, wrong content types, >1 MB bodies, no session where the builder needs a caller",
      cases: cases.length - rest,
      failures: failures.filter((f) => f.case.includes("tRPC")).length,
      writesLost: 0,
    });
    expect(failures.map((f) => `${f.case} → ${f.status} ${f.body}`)).toEqual([]);
    expect(writesLost).toBe(0);
  });

  it("stores hostile but valid text exactly, refuses what PostgreSQL cannot store, and never answers 5xx", async () => {
    const rng = new Rng(seed, "hostile-text");
    const c = fuzzer.client;
    const failures: string[] = [];
    let cases = 0;
    /** NUL and lone surrogates cannot be stored as text: they must be refused (400), not mangled. */
    const unstorable = (s: string) =>
      s.includes("\u0000") ||
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
    const hostile = () => {
      const parts = Array.from({ length: rng.int(1, 3) }, () => hostileString(rng));
      return parts.join(rng.pick(["", " ", "\n"])).slice(0, 45);
    };
    const check = (label: string, res: RawResponse, ok: () => string | undefined) => {
      cases++;
      if (res.status >= 500 || res.status === 0)
        failures.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`);
      else {
        const problem = ok();
        if (problem) failures.push(`${label} → ${res.status}: ${problem}`);
      }
    };
    const own = await createPlaylist(c, "Hostile fixture");
    const perKind = Math.ceil(SIZES.hostileTextCases / 6);

    for (let i = 0; i < perKind; i++) {
      const name = hostile();
      const description = rng.bool() ? hostile() : null;
      const created = await c.post("/api/playlists", { name, description, isPublic: rng.bool() });
      check(`create playlist ${JSON.stringify(name)}`, created, () => {
        if (unstorable(name) || (description && unstorable(description)))
          return created.status === 400 ? undefined : "unstorable text was not refused";
        if (isBlankText(name)) return created.status === 400 ? undefined : "blank name accepted";
        if (created.status !== 201) return `refused valid text: ${created.text.slice(0, 120)}`;
        const p = created.json as { id: string; name: string; description: string | null };
        if (p.name !== name.trim()) return `name came back as ${JSON.stringify(p.name)}`;
        if (
          (p.description ?? null) !== (description && !isBlankText(description) ? description.trim() : null)
        )
          return `description came back as ${JSON.stringify(p.description)}`;
        return undefined;
      });
      if (created.status === 201) {
        const id = (created.json as { id: string }).id;
        const read = await c.get(`/api/playlists/${id}`);
        check(`read playlist ${id}`, read, () =>
          (read.json as { name?: string }).name === name.trim() ? undefined : "stored name differs",
        );
        await c.del(`/api/playlists/${id}`);
      }
    }
    for (let i = 0; i < perKind; i++) {
      const name = hostile();
      const res = await c.put(`/api/profile/${fuzzer.uid}`, { name });
      check(`rename profile ${JSON.stringify(name)}`, res, () => {
        if (unstorable(name)) return res.status === 400 ? undefined : "unstorable text was not refused";
        if (isBlankText(name)) return res.status === 400 ? undefined : "blank name accepted";
        if (res.status !== 200) return `refused valid text: ${res.text.slice(0, 120)}`;
        return (res.json as { name?: string }).name === name.trim() ? undefined : "name came back different";
      });
    }
    for (let i = 0; i < perKind; i++) {
      const name = hostile();
      const res = await c.put(`/api/playlists/${own.id}`, { name });
      check(`rename playlist ${JSON.stringify(name)}`, res, () => {
        if (unstorable(name)) return res.status === 400 ? undefined : "unstorable text was not refused";
        if (isBlankText(name)) return res.status === 400 ? undefined : "blank name accepted";
        if (res.status >= 400) return res.status === 400 ? undefined : `status ${res.status}`;
        return (res.json as { name?: string }).name === name.trim() ? undefined : "name came back different";
      });
    }
    const searches = [
      "/api/songs/search?q=",
      "/api/search?q=",
      "/api/songs/genre/",
      "/trpc/songs.search?input=",
    ];
    for (let i = 0; i < perKind * 3; i++) {
      const text = rng.pick([
        hostile,
        () => rng.pick(SQL_INJECTIONS),
        () => rng.pick(ODD_UNICODE),
        () => rng.pick(HTML_INJECTIONS),
        () => rng.pick(TRAVERSALS),
      ])();
      const base = rng.pick(searches);
      const path = base.startsWith("/trpc")
        ? `${base}${encodeValue(JSON.stringify({ json: { q: text } }))}`
        : `${base}${encodeValue(text)}`;
      const res = await c.get(path);
      // In a URL a lone surrogate can only travel as UTF-8, which turns it into U+FFFD; JSON keeps it.
      const received = base.startsWith("/trpc") ? text : Buffer.from(text, "utf8").toString("utf8");
      check(`GET ${path.slice(0, 100)}`, res, () => {
        if (unstorable(received)) return res.status === 400 ? undefined : "unstorable text was not refused";
        if (res.status >= 400 && !errorMessage(res.json)) return "no message";
        return undefined;
      });
    }
    for (const f of failures.slice(0, 40)) console.log(`FAIL ${f}`);
    results.add({
      area: "Bad input",
      what: "hostile but valid text (SQL/HTML injection, RTL overrides, zalgo, emoji) in names, descriptions and searches: stored exactly or, for NUL and lone surrogates, refused",
      cases,
      failures: failures.length,
      writesLost: 0,
    });
    expect(failures).toEqual([]);
  });

  // Compatibility characters fold into several letters each (NFKD): 200 of them once held the server for
  // 38 s or ran it out of memory. Every text input gets random Unicode within its length limit; each
  // request must be answered within a second, never with a 5xx, and the server must stay up.
  it("answers random Unicode in every text input within a second, and stays up", async () => {
    const rng = new Rng(seed, "unicode-text");
    const perField = QUICK ? 3 : 10;
    const failures: string[] = [];
    let cases = 0;
    let slowest = 0;
    const requests = endpoints.rest.flatMap((t) =>
      textFields(t).flatMap((field) =>
        Array.from({ length: perField }, () => {
          const units = Math.min(field.maxLength, 200);
          const text = unicodeText(rng, rng.int(1, units), units);
          return {
            label: `${t.method} ${t.path} ${field.where}.${field.name}`,
            request: requestWithText(t, fx, field, text),
          };
        }),
      ),
    );
    await runPool(requests, 2, async ({ label, request }) => {
      const headers: Record<string, string> = { "x-purplebeats-client": "1", ...request.headers };
      if (fuzzer.client.cookie) headers.cookie = fuzzer.client.cookie;
      const started = performance.now();
      let res: RawResponse;
      try {
        res = await rawRequest(api.url, { ...request, headers, timeoutMs: 5_000 });
      } catch (error) {
        res = { status: 0, headers: {}, text: String(error), json: undefined };
      }
      const ms = performance.now() - started;
      cases++;
      slowest = Math.max(slowest, ms);
      if (res.status === 0 || res.status >= 500)
        failures.push(`${label} → ${res.status} ${res.text.slice(0, 120)}`);
      else if (ms > 1_000) failures.push(`${label} → answered in ${Math.round(ms)} ms`);
    });
    expect(api.alive).toBe(true);
    for (const f of failures.slice(0, 40)) console.log(`FAIL ${f}`);
    results.add({
      area: "Bad input",
      what: "random Unicode (compatibility characters NFKD expands, Hangul, marks, CJK, RTL, emoji) in every text input: each answered within 1 s, no 5xx, the server up",
      cases,
      failures: failures.length,
      writesLost: 0,
      notes: `slowest ${Math.round(slowest)} ms`,
    });
    expect(failures).toEqual([]);
  });
});
