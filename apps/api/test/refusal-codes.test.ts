// Every refusal a person can meet in the app carries a code, so the app shows it in their language: the
// API's source and the contract's procedures are read for what they refuse with (TRPCError, errorBody,
// `{ status, message }` replies), and
// each English text must have a code in the contract's table (API_ERROR_MESSAGES). A new refusal without one
// fails here by its file and line; the few that no person reads in the app are listed below, each with why.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiErrorCodeOf } from "@purplebeats/contracts/error-codes";
import { scanRefusals } from "./helpers/refusals.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const API = path.join(ROOT, "apps/api/src");
const CONTRACTS = path.join(ROOT, "packages/contracts/src");

/** Texts no person reads in the app (`{}`: what is filled in at run time), by why. */
const NOT_SHOWN_IN_THE_APP: Record<string, readonly string[]> = {
  // The operator's, at the server host: the admin command line (grants, API tokens), /metrics, /readyz for the
  // load balancer, the operator's library scan, the Pi portal's key.
  "the operator's own tools": [
    "No user with uid {}",
    "Only an admin can hold an admin API token",
    "No admin API token with that id",
    "PurpleBeats is starting",
    "The database is not answering",
    "Operators only",
    "No Pi validation key is configured (PI_VALIDATION_KEY)",
    "The admin API token is not valid or was revoked",
    "This admin API token may only read (scope 'read')",
    "This needs an admin's own session (the dashboard): an admin API token may not change roles or tokens",
    "Metrics need the operator's bearer token",
    "No such path: {} /metrics",
  ],
  // The development server's guards (Host check, the Pi simulator's own address).
  "a developer's machine": [
    "This development server answers only {} (any port), not Host '{}'; set HOST to the name you use, or PI_SIMULATOR_PUBLIC=1 to open it to other devices",
    "The Pi simulator answers only this machine (PI_SIMULATOR_PUBLIC=1 opens it)",
  ],
  // Requests the app never makes as sent: other clients' mistakes (a path, a method, a body, a batch, a
  // cursor or order the app got from the API itself, a picture it has just uploaded, another's session).
  "requests the app never makes": [
    "No such path: {} {}",
    "{} is not allowed here; use {}",
    "A part of the path is too long",
    "The path is not valid (broken percent-encoding)",
    "Send the request body as JSON (Content-Type: application/json)",
    "A batch may hold at most {} procedures (this one has {})",
    "A batch may ask for at most {} items in all (limit adds up to {})",
    "Invalid cursor",
    "songIds must list every song of the playlist exactly once",
    "avatarURL must be an image you uploaded",
    "imageUrl must be an image you uploaded",
    "You can only act as yourself",
    "Cross-site request refused",
    // The app shows the admin screens to admins only.
    "Admins only",
  ],
  // What Pi's SDK hands the app is passed on unchanged, and the tip dialog checks the amount before it asks:
  // only an altered client meets these checks of a payment against Pi's own record.
  "checks of an altered client's payment": [
    "This payment belongs to another user",
    "This is not a payment to PurpleBeats",
    "The amount must be 3.14 π",
    "The product must be premium_membership",
    "The txid does not match this payment's transaction",
    "This payment names another user",
    "The payment does not match this tip",
    "metadata must be a JSON string",
    "A tip is between {} and {} π",
    "A tip has at most 2 decimals",
  ],
  // Answers to <img> and <audio> (and to an address opened outside the app): never read as text in the app.
  "media addresses": [
    "No such media",
    "No such object",
    "No such picture",
    "Songs play on PurpleBeats only",
    "Open PurpleBeats to listen: playing needs a session (a guest one is fine)",
  ],
  // '{file name}: {reason}', the reason one of the file refusals' (coded by apiErrorCodeOf's file rule).
  "a file's refusal, coded by its reason": ["{}: {}"],
};

/** Messages passed on rather than written where they are sent, by site; each is checked where it is written. */
const PASSED_ON: Record<string, string> = {
  "apps/api/src/web/http/errors.ts": "a TRPCError's or an input error's message, written elsewhere",
  "apps/api/src/web/http/error-replies.ts": "Fastify's own refusal of a malformed request",
  "apps/api/src/web/http/library-uploads.ts":
    "an upload's outcome, written as { ok: false, status, message }",
  "apps/api/src/web/http/objects.ts": "an upload's outcome, written as { ok: false, status, message }",
  "apps/api/src/domain/uploads/uploads.ts": "an upload's refusal, written as { status, message }",
  "apps/api/src/domain/library/library-uploads.ts": "a grant's refusal, written as { status, message }",
  "apps/api/src/web/http/sized-pictures.ts":
    "storage's refusal (written in uploads.ts) or a picture width's input error",
  "apps/api/src/domain/payments/payments.ts":
    "the contract's check of a tip's metadata (an altered client's, as above)",
  "apps/api/src/web/rest/openapi.ts": "the OpenAPI document's schema of an error, not one",
};

const { refusals, unresolved } = scanRefusals(ROOT, [API, CONTRACTS], [CONTRACTS]);
const shown = new Set(Object.values(NOT_SHOWN_IN_THE_APP).flat());

describe("the API's refusals", () => {
  it("are found in the source (the scan reads what it should)", () => {
    const texts = new Set(refusals.map((r) => r.text));
    expect(texts).toContain("Playlist not found");
    expect(texts).toContain(
      "Unsupported format: {}. Only audio files (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV) can be uploaded",
    );
    expect(texts).toContain("The balance must be at least {} π to be paid out");
    expect(refusals.length).toBeGreaterThan(100);
  });

  it("each carry a code, unless no person reads them in the app", () => {
    const codeless = refusals
      .filter((r) => !shown.has(r.text) && !apiErrorCodeOf(r.text.replaceAll("{}", "X")))
      .map((r) => `${r.site}: ${r.text}`);
    expect([...new Set(codeless)]).toEqual([]);
  });

  it("are written where they are sent, or passed on from where they are checked", () => {
    const unknown = unresolved
      .filter((u) => !(u.site.replace(/:\d+$/, "") in PASSED_ON))
      .map((u) => `${u.site}: ${u.expression}`);
    expect(unknown).toEqual([]);
  });

  it("list as not shown only texts the API still sends", () => {
    const sent = new Set(refusals.map((r) => r.text));
    expect([...shown].filter((text) => !sent.has(text))).toEqual([]);
  });
});
