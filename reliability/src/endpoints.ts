// What each endpoint accepts, derived rather than copied: the REST routes from the running server's
// /api/openapi.json (method, path, parameters, body, security), the tRPC procedures from the router
// itself (@purplebeats/contracts: type, input schema, who may call). Only what neither can say is kept
// here: valid values to start from (a song that exists), keyed by field name.
import {
  procedureFacts,
  procedureInputJsonSchema,
  type JsonSchema,
  type ProcedurePath,
} from "@purplebeats/contracts";
import { EQ_BAND_COUNT } from "@purplebeats/contracts/constants";
import type { Rng } from "./rng.js";
import { sampleValue } from "./schema-values.js";

/** Valid values the fuzzer starts from (a signed-in premium user's own things). */
export interface Fixtures {
  uid: string;
  songId: string;
  /** A song that is not in ownPlaylistId. */
  songId2: string;
  ownPlaylistId: string;
  systemPlaylistId: string;
  genre: string;
  artistId: string;
  albumId: string;
  paymentId: string;
  txid: string;
}

export interface Field {
  schema: JsonSchema;
  required: boolean;
  /** A valid value to start from; undefined leaves the field out. */
  value: (fx: Fixtures) => unknown;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface RestEndpoint {
  method: Method;
  /** Fastify syntax (`:id`), as the route table writes it. */
  path: string;
  /** The procedure behind the route (the operation's operationId). */
  procedure?: string;
  /** The document lists a security requirement: without a session (or admin token) it answers 401. */
  needsCaller: boolean;
  params: Record<string, Field>;
  query: Record<string, Field>;
  /** Present when the method sends a JSON body (empty when the route reads nothing from it). */
  body?: Record<string, Field>;
  /** Not in the document: the upload PUTs take raw bytes. */
  raw?: boolean;
}

export interface ProcedureEndpoint {
  procedure: string;
  type: "query" | "mutation";
  /** Who may call it, from the builder the procedure was made from. */
  needsCaller: boolean;
  input: Record<string, Field>;
}

/**
 * Valid values by field name: what no schema can say (which song exists, whose playlist it is).
 * Undefined falls back to a value drawn from the field's schema.
 */
const FIXTURES: Record<string, (fx: Fixtures, path: string) => unknown> = {
  userId: (fx) => fx.uid,
  songId: (fx) => fx.songId,
  /** `id` names what its path segment names; a procedure with no REST path (an API token's) gets a sample. */
  id: (fx, path) =>
    path.includes("/artists/")
      ? fx.artistId
      : path.includes("/albums/")
        ? fx.albumId
        : path.includes("/songs/")
          ? fx.songId
          : path.includes("/admin/playlists/")
            ? fx.systemPlaylistId
            : path.includes("/playlists/")
              ? fx.ownPlaylistId
              : undefined,
  playlistId: (fx) => fx.systemPlaylistId,
  sourceId: (fx) => fx.systemPlaylistId,
  genre: (fx) => fx.genre,
  paymentId: (fx) => fx.paymentId,
  txid: (fx) => fx.txid,
  token: () => "x".repeat(43),
  fromId: (fx) => fx.artistId,
  intoId: (fx) => fx.artistId,
  songIds: (fx) => [fx.songId],
  seeds: (fx) => fx.songId,
  exclude: (fx) => fx.songId2,
  q: () => "moon",
  limit: () => "5",
  quality: () => "standard",
  accessToken: () => "forged-token-0123456789",
  user: (fx) => ({ uid: fx.uid, username: "fuzzer" }),
  name: () => "Fuzz name",
  description: () => "made by the fuzzer",
  avatarURL: () => "/objects/none.png",
  amount: () => "3.14",
  metadata: (fx) => JSON.stringify({ productId: "premium_membership", userId: fx.uid, duration: "1_month" }),
  uploadURL: () => "/api/admin/library/uploads/none",
  fileName: () => "song.flac",
  // The fuzzer's account must outlive its run: every case of account.delete starts from a refused
  // confirmation, so no mutation that the server ignores (an extra field, a body on a DELETE) deletes it.
  confirm: () => false,
  /** A month of the premium share, ended. */
  month: () => "2026-10",
  /** A release's facts (artist studio): a real day, a cover and one audio file by their upload paths. */
  releaseDate: () => "2026-11-20",
  coverUrl: () => "/objects/none.png",
  tracks: () => [{ uploadURL: "/api/admin/library/uploads/none", fileName: "song.flac" }],
  reason: () => "Not this time",
  /** The listening settings' equalizer: a flat curve, one gain per band. */
  equalizer: () => ({ preset: "flat", custom: Array.from({ length: EQ_BAND_COUNT }, () => 0) }),
};

/**
 * Reads and removals that answer a well-formed id nobody has as "not liked" or "already gone" (200):
 * the one family that expects a 404 skips them.
 */
export const UNKNOWN_ID_IS_AN_ANSWER = new Set([
  "likedSongs.check",
  "likedSongs.unlike",
  "likedPlaylists.check",
  "likedPlaylists.unlike",
  "libraryPlaylists.check",
  "libraryPlaylists.remove",
]);

/** The raw-bytes upload PUTs: served outside the REST shim and the document (an upload is no JSON). */
const RAW_UPLOAD_PATHS = ["/api/objects/upload/:token", "/api/admin/library/uploads/:token"];

function field(name: string, schema: JsonSchema, required: boolean, path: string, rng: Rng): Field {
  const fixture = FIXTURES[name];
  const sample = sampleValue(schema, rng);
  if (required && !fixture && sample === undefined)
    throw new Error(`No valid value for the required field ${name} of ${path}: add it to FIXTURES`);
  return { schema, required, value: (fx) => fixture?.(fx, path) ?? sample };
}

function fieldsOf(schema: JsonSchema | null | undefined, path: string, rng: Rng): Record<string, Field> {
  const required = new Set(schema?.required ?? []);
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {}).map(([name, property]) => [
      name,
      field(name, typeof property === "object" ? property : {}, required.has(name), path, rng),
    ]),
  );
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
/** The parts of /api/openapi.json the fuzzer reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set<string>(["GET", "POST", "PUT", "DELETE"]);
const isMethod = (m: string): m is Method => METHODS.has(m);

/** Every operation of the document, and the raw-upload PUTs, as the fuzzer spoils them. */
export function restEndpoints(doc: OpenApiDocument, rng: Rng): RestEndpoint[] {
  const endpoints: RestEndpoint[] = [];
  for (const [documented, operations] of Object.entries(doc.paths)) {
    const path = documented.replace(/\{([A-Za-z]+)\}/g, ":$1");
    for (const [lower, op] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      if (!isMethod(method)) throw new Error(`${documented}: the fuzzer does not know ${method}`);
      const parameters = op.parameters ?? [];
      const fromParameters = (where: string) =>
        Object.fromEntries(
          parameters
            .filter((p) => p.in === where)
            .map((p) => [p.name, field(p.name, p.schema ?? {}, p.required ?? false, path, rng)]),
        );
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
      endpoints.push({
        method,
        path,
        procedure: op.operationId,
        needsCaller: (op.security ?? []).length > 0,
        params: fromParameters("path"),
        query: fromParameters("query"),
        body: method === "POST" || method === "PUT" ? fieldsOf(bodySchema, path, rng) : undefined,
      });
    }
  }
  for (const path of RAW_UPLOAD_PATHS) {
    const token = field("token", { type: "string", minLength: 43, maxLength: 43 }, true, path, rng);
    endpoints.push({ method: "PUT", path, needsCaller: false, params: { token }, query: {}, raw: true });
  }
  return endpoints;
}

/** Every procedure of the router, with its input as JSON Schema (the document's REST path of it, if any). */
export function procedureEndpoints(rest: RestEndpoint[], rng: Rng): ProcedureEndpoint[] {
  return [...procedureFacts].flatMap(([procedure, facts]): ProcedureEndpoint[] => {
    if (facts.type === "subscription") return [];
    // `id` fixtures follow the path that names the same procedure (an artist's id, a playlist's).
    const path = rest.find((r) => r.procedure === procedure)?.path ?? procedure;
    return [
      {
        procedure,
        type: facts.type,
        needsCaller: facts.auth !== "public",
        input: fieldsOf(procedureInputJsonSchema(procedure as ProcedurePath), path, rng),
      },
    ];
  });
}

export const endpointKey = (method: string, path: string) => `${method} ${path}`;
