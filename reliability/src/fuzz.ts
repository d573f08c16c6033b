// The bad-input generator: from a valid request per endpoint, seeded mutations that every endpoint must
// refuse with a 4xx and a clear JSON message (wrong types, missing and extra fields, huge strings and
// bodies, bad numbers, odd Unicode, injections, malformed JSON, wrong content types, no session). Which
// values are wrong comes from each field's schema (endpoints.ts); refinements no schema says are below.
import {
  UNKNOWN_ID_IS_AN_ANSWER,
  type Field,
  type Fixtures,
  type ProcedureEndpoint,
  type RestEndpoint,
} from "./endpoints.js";
import { HTML_INJECTIONS, ODD_UNICODE, SQL_INJECTIONS, invalidIdString } from "./hostile.js";
import type { RawRequest } from "./http.js";
import { Rng } from "./rng.js";
import { badValue, isOpen, uuid, type Where } from "./schema-values.js";

export interface Case {
  id: number;
  endpoint: string;
  family: string;
  detail: string;
  request: RawRequest;
  /** Sent without the fuzzer's session: an endpoint that needs a caller must refuse it. */
  anonymous?: boolean;
}

const note = (value: unknown, what: string) => ({ value, note: what });

/**
 * Values the schemas accept but the procedures' refinements refuse, by field name: blank typed text,
 * pictures that are not ours, a price other than 3.14, metadata of another product, repeated ids.
 */
const REFUSED_BEYOND_SCHEMA: Record<string, (rng: Rng) => unknown[]> = {
  name: () => ["   \t  ", " \n\t ", "\u200b\u200b"],
  title: () => ["   ", "\u200b"],
  q: () => ["    "],
  genre: () => ["   "],
  accessToken: (rng) => [`forged-${rng.text(32)}`, rng.pick(SQL_INJECTIONS)],
  imageUrl: (rng) => [
    "javascript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "ftp://example.com/x.png",
    "objects/x.png",
    "//evil.example/x.png",
    "http://exa mple.com/x.png",
    rng.pick(HTML_INJECTIONS),
  ],
  avatarURL: (rng) => [
    `/objects/${uuid(rng)}.png`,
    "https://evil.example/me.png",
    `/api/objects/upload/${rng.text(43)}`,
    rng.pick(HTML_INJECTIONS),
    rng.pick(ODD_UNICODE),
  ],
  amount: () => [
    -3.14,
    0,
    3.15,
    314,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    "NaN",
    "Infinity",
    "-3.14",
    "3.14.1",
    "3,14",
    "",
    "abc",
    "0.0000001",
  ],
  metadata: () => [
    "not json",
    "{",
    "[]",
    "null",
    "42",
    '{"productId":"free_stuff"}',
    '{"productId":"premium_membership","duration":"100_years"}',
    '{"productId":"premium_membership","userId":"someone-else"}',
  ],
  songIds: (rng) => {
    const id = uuid(rng);
    return [
      [id, id],
      [uuid(rng), uuid(rng)],
    ];
  },
  seeds: (rng) => {
    const id = uuid(rng);
    return [`${id},${id}`];
  },
  exclude: (rng) => {
    const id = uuid(rng);
    return [`${id},${id}`];
  },
};

/** Whether the schema (or a refinement above) gives a value to refuse; judged once per field. */
const spoilability = new WeakMap<Field, boolean>();
function canSpoil(name: string, field: Field, where: Where): boolean {
  let known = spoilability.get(field);
  if (known === undefined) {
    known =
      !isOpen(field.schema) &&
      (REFUSED_BEYOND_SCHEMA[name] !== undefined ||
        badValue(new Rng(0, name), field.schema, where) !== undefined);
    spoilability.set(field, known);
  }
  return known;
}

/** A value the field must refuse: mostly by its schema, sometimes by its refinements. */
function spoil(rng: Rng, name: string, field: Field, where: Where): { value: unknown; note: string } {
  const beyond = REFUSED_BEYOND_SCHEMA[name];
  const bySchema = badValue(rng, field.schema, where);
  if (beyond && (!bySchema || rng.bool(0.35))) {
    const values = beyond(rng).filter((v) => where === "body" || typeof v === "string");
    if (values.length) {
      const value = rng.pick(values);
      return note(
        value,
        `${where} refined ${preview(typeof value === "string" ? value : JSON.stringify(value))}`,
      );
    }
  }
  if (!bySchema) throw new Error(`nothing refuses ${name} in the ${where}`);
  return bySchema;
}

function preview(s: string): string {
  const shown = s.length > 40 ? `${s.slice(0, 20)}…(${s.length} chars)` : s;
  return JSON.stringify(shown);
}

/** Percent-encodes a path or query value, including broken Unicode (which encodeURIComponent refuses). */
export function encodeValue(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}

interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

function validValues(fields: Record<string, Field> | undefined, fx: Fixtures): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields ?? {})
      .map(([name, field]) => [name, field.value(fx)] as const)
      .filter(([, v]) => v !== undefined),
  );
}

function validParts(t: RestEndpoint, fx: Fixtures): Parts {
  return {
    params: validValues(t.params, fx),
    query: validValues(t.query, fx),
    body: t.body ? validValues(t.body, fx) : undefined,
  };
}

function renderPath(t: RestEndpoint, params: Record<string, unknown>): string {
  return t.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeValue(params[name]));
}

function renderQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) parts.push(`${k}=${encodeValue(item)}`);
    else parts.push(`${k}=${encodeValue(v)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

const JSON_HEADERS = { "content-type": "application/json" };

const MALFORMED_JSON = [
  "{bad",
  '{"name": }',
  '{"name": "unterminated',
  "[1, 2",
  "{'single': 'quotes'}",
  '{"a": 1,}',
  "NaN",
  "undefined",
  '{"a": 01}',
  '\u0000{"a":1}',
  '{"a": "\\x41"}',
  '{"a": "\\ud800"', // unterminated
  "}",
  "{".repeat(5000),
];

const WRONG_CONTENT_TYPES = [
  "text/plain",
  "text/plain;charset=UTF-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "text/html",
  "image/png",
  "application/octet-stream",
  "application/jsonx",
  "application/json-patch+json",
];

const EXTRA_FIELDS: Array<Record<string, unknown>> = [
  { isAdmin: true },
  { role: "admin", isPremium: true },
  { userId: "someone-else-entirely" },
  { createdBy: "someone-else" },
  { id: "00000000-0000-4000-8000-000000000000" },
  { extra: "x".repeat(1000) },
  { nested: { deep: { deeper: [1, 2, 3] } } },
];

/** The endpoints to fuzz: every REST operation (and upload PUT), every tRPC procedure. */
export interface Api {
  rest: RestEndpoint[];
  procedures: ProcedureEndpoint[];
}

/**
 * Generates `count` cases, cycling over the endpoints (each gets its share), each case from the families
 * that apply to its endpoint.
 */
export function generateCases(rng: Rng, api: Api, fx: Fixtures, count: number, otherUserId: string): Case[] {
  const cases: Case[] = [];
  type Entry = { via: "rest"; t: RestEndpoint } | { via: "trpc"; p: ProcedureEndpoint };
  const routes: Entry[] = [
    ...api.rest.map((t): Entry => ({ via: "rest", t })),
    ...api.procedures.map((p): Entry => ({ via: "trpc", p })),
  ];
  for (let i = 0; i < count; i++) {
    const entry = routes[i % routes.length]!;
    const r = rng.fork(`case-${i}`);
    cases.push(
      entry.via === "rest"
        ? { id: i, ...restCase(r, entry.t, fx, otherUserId), endpoint: `${entry.t.method} ${entry.t.path}` }
        : { id: i, ...trpcCase(r, entry.p, fx), endpoint: `tRPC ${entry.p.procedure}` },
    );
  }
  return cases;
}

/** Fields of a part that can be spoiled. */
const spoilable = (fields: Record<string, Field> | undefined, where: Where) =>
  Object.entries(fields ?? {}).filter(([name, field]) => canSpoil(name, field, where));

function maybeExtra(rng: Rng, body: Record<string, unknown>): string {
  if (!rng.bool(0.3)) return "";
  Object.assign(body, rng.pick(EXTRA_FIELDS));
  return " + extra fields";
}

/** Path names whose well-formed but unknown value must be refused (404, or 403 for another user). */
const ID_NAMES = new Set(["id", "songId", "playlistId", "sourceId", "paymentId", "userId"]);

function restCase(rng: Rng, t: RestEndpoint, fx: Fixtures, otherUserId: string) {
  const parts = validParts(t, fx);
  const params = spoilable(t.params, "path");
  const query = spoilable(t.query, "query");
  const body = spoilable(t.body, "body");
  const ids = Object.keys(t.params).filter((name) => ID_NAMES.has(name));
  const families: string[] = ["unknown-subpath"];
  if (t.method !== "GET")
    families.push("malformed-json", "wrong-content-type", "huge-body", "proto-pollution");
  if (!t.raw) families.push("x-user-id");
  if (t.needsCaller) families.push("no-session");
  if (params.length) families.push("bad-path-param", "bad-path-param", "bad-path-param");
  if (ids.length && !(t.procedure && UNKNOWN_ID_IS_AN_ANSWER.has(t.procedure))) families.push("unknown-id");
  if (query.length) families.push("bad-query", "bad-query", "duplicate-query");
  if (body.length) families.push("bad-field", "bad-field", "bad-field", "bad-field", "body-shape");
  if (body.some(([, field]) => field.required)) families.push("missing-field", "missing-field");
  if (t.raw) families.push("raw-upload", "raw-upload");
  const family = rng.pick(families);

  let detail = family;
  let anonymous = false;
  let headers: Record<string, string> = { ...JSON_HEADERS };
  let bodyText: string | Buffer | undefined = parts.body ? JSON.stringify(parts.body) : undefined;
  let path = renderPath(t, parts.params);
  let queryText = renderQuery(parts.query);

  switch (family) {
    case "unknown-subpath":
      path += `/${encodeValue(invalidIdString(rng))}`;
      break;
    case "malformed-json":
      bodyText = rng.pick(MALFORMED_JSON);
      detail = `malformed JSON ${preview(bodyText)}`;
      break;
    case "wrong-content-type": {
      const type = rng.pick(WRONG_CONTENT_TYPES);
      headers = { "content-type": type };
      bodyText = rng.pick([bodyText ?? "{}", "hello", "a=1&b=2", "<x/>", "\u0000\u0001"]);
      detail = `content-type ${type}`;
      break;
    }
    case "huge-body": {
      const size = rng.int(1024 * 1024 + 1, 3 * 1024 * 1024);
      bodyText = JSON.stringify({ ...(parts.body ?? {}), pad: "x".repeat(size) });
      detail = `body of ${bodyText.length} bytes`;
      break;
    }
    case "proto-pollution":
      bodyText = rng.bool()
        ? `{"__proto__": {"isAdmin": true}, "x": ${JSON.stringify(parts.body ?? {})}}`
        : `{"constructor": {"prototype": {"isAdmin": true}}}`;
      detail = "prototype pollution keys";
      break;
    case "x-user-id":
      headers["x-user-id"] = rng.pick([otherUserId, "guest-abc-123", "admin", "0"]);
      detail = `x-user-id ${headers["x-user-id"]}`;
      break;
    case "no-session":
      // The document lists a security requirement: a valid request without a session is refused.
      anonymous = true;
      detail = "valid request without a session";
      break;
    case "bad-path-param": {
      const [name, field] = rng.pick(params);
      const bad = spoil(rng, name, field, "path");
      path = renderPath(t, { ...parts.params, [name]: bad.value });
      detail = `path ${name}: ${bad.note}`;
      if (rng.bool(0.1)) {
        // Broken percent-encoding.
        const broken = rng.pick(["%", "%ZZ", "%E0%A4%A", "%C0%AE%C0%AE", "abc%"]);
        path = renderPath(t, { ...parts.params, [name]: "PLACEHOLDER" }).replace("PLACEHOLDER", broken);
        detail = `path ${name}: broken percent-encoding ${broken}`;
      }
      break;
    }
    case "unknown-id": {
      const name = rng.pick(ids);
      const field = t.params[name]!;
      const unknown =
        field.schema.format === "uuid"
          ? uuid(rng)
          : name === "paymentId"
            ? `nope-${rng.text(20)}`
            : `nope${rng.text(12)}`;
      path = renderPath(t, { ...parts.params, [name]: unknown });
      detail = `unknown ${name}`;
      break;
    }
    case "bad-query": {
      const [name, field] = rng.pick(query);
      const bad = spoil(rng, name, field, "query");
      queryText = renderQuery({ ...parts.query, [name]: bad.value });
      detail = `query ${name}: ${bad.note}`;
      break;
    }
    case "duplicate-query": {
      const [name, field] = rng.pick(query);
      const v = field.value(fx) ?? "abc";
      queryText = renderQuery({ ...parts.query, [name]: [v, v] });
      detail = `query ${name} twice`;
      if (name === "userId") queryText = renderQuery({ ...parts.query, [name]: [v, otherUserId] });
      break;
    }
    case "bad-field": {
      const [name, field] = rng.pick(body);
      const bad = spoil(rng, name, field, "body");
      const spoiled = { ...parts.body, [name]: bad.value };
      detail = `body ${name}: ${bad.note}${maybeExtra(rng, spoiled)}`;
      bodyText = JSON.stringify(spoiled);
      break;
    }
    case "missing-field": {
      const [name] = rng.pick(body.filter(([, field]) => field.required));
      const without = { ...parts.body };
      delete without[name];
      detail = `body without ${name}${maybeExtra(rng, without)}`;
      bodyText = JSON.stringify(without);
      break;
    }
    case "body-shape": {
      bodyText = rng.pick(["[]", "null", '"text"', "42", "true", "[{}]", JSON.stringify([parts.body])]);
      detail = `body ${bodyText.slice(0, 30)}`;
      if (!body.some(([, field]) => field.required)) {
        // Nothing is required: spoil a field instead, so the case is still wrong.
        const [name, field] = rng.pick(body);
        const bad = spoil(rng, name, field, "body");
        bodyText = JSON.stringify({ ...parts.body, [name]: bad.value });
        detail = `body ${name}: ${bad.note}`;
      }
      break;
    }
    case "raw-upload": {
      const [name, field] = rng.pick(params);
      const bad = spoil(rng, name, field, "path");
      path = renderPath(t, { [name]: bad.value });
      headers = { "content-type": rng.pick(["image/png", "text/html", "image/svg+xml"]) };
      bodyText = rng.pick<string | Buffer>([
        "<html><script>alert(1)</script></html>",
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
        "",
      ]);
      detail = `upload to ${bad.note}`;
      break;
    }
  }
  if (t.raw && family !== "raw-upload" && bodyText === undefined) bodyText = "x";
  const method = t.method;
  if (bodyText === undefined || method === "GET") delete headers["content-type"];
  return {
    family,
    detail,
    anonymous,
    request: { method, path: path + queryText, headers, body: method === "GET" ? undefined : bodyText },
  };
}

function trpcCase(rng: Rng, p: ProcedureEndpoint, fx: Fixtures) {
  const input = validValues(p.input, fx);
  const isMutation = p.type === "mutation";
  const fields = spoilable(p.input, "body");
  const families = ["wrong-method", "unknown-procedure", "malformed-input"];
  if (p.needsCaller) families.push("no-session");
  if (fields.length) families.push("bad-field", "bad-field", "bad-field", "bad-field", "input-shape");
  if (fields.some(([, field]) => field.required)) families.push("missing-field");
  if (isMutation) families.push("wrong-content-type", "huge-body");
  const family = rng.pick(families);

  let detail = family;
  let anonymous = false;
  let payload: unknown = input;
  let rawInput: string | undefined;
  let method = isMutation ? "POST" : "GET";
  let procedure = p.procedure;
  let headers: Record<string, string> = { ...JSON_HEADERS };

  switch (family) {
    case "wrong-method":
      method = isMutation ? "GET" : rng.pick(["POST", "PUT", "DELETE"]);
      detail = `${method} to a ${p.type}`;
      break;
    case "unknown-procedure":
      procedure = `${procedure}${rng.pick(["X", ".x", "/../admin.stats", "%00"])}`;
      detail = `procedure ${procedure}`;
      break;
    case "malformed-input":
      rawInput = rng.pick(MALFORMED_JSON);
      detail = `malformed JSON ${preview(rawInput)}`;
      break;
    case "no-session":
      // The procedure is built on a caller-checking builder: a valid call without a session is refused.
      anonymous = true;
      detail = "valid call without a session";
      break;
    case "bad-field": {
      const [name, field] = rng.pick(fields);
      const bad = spoil(rng, name, field, "body");
      payload = { ...input, [name]: bad.value };
      detail = `input ${name}: ${bad.note}`;
      break;
    }
    case "missing-field": {
      const [name] = rng.pick(fields.filter(([, field]) => field.required));
      const copy = { ...input };
      delete copy[name];
      payload = copy;
      detail = `input without ${name}`;
      break;
    }
    case "input-shape":
      payload = rng.pick<unknown>([[], "text", 42, [input], { json: input }]);
      detail = `input ${JSON.stringify(payload).slice(0, 30)}`;
      if (
        !fields.some(([, field]) => field.required) &&
        !Array.isArray(payload) &&
        typeof payload === "object"
      ) {
        payload = "text";
      }
      break;
    case "wrong-content-type":
      headers = { "content-type": rng.pick(WRONG_CONTENT_TYPES) };
      rawInput = rng.pick(["hello", "a=1", JSON.stringify({ json: input })]);
      detail = `content-type ${headers["content-type"]}`;
      break;
    case "huge-body":
      rawInput = JSON.stringify({
        json: { ...input, pad: "x".repeat(rng.int(1024 * 1024 + 1, 2 * 1024 * 1024)) },
      });
      detail = `body of ${rawInput.length} bytes`;
      break;
  }
  const envelope = rawInput ?? JSON.stringify({ json: payload });
  if (method === "GET") {
    return {
      family,
      detail,
      anonymous,
      request: { method, path: `/trpc/${procedure}?input=${encodeValue(envelope)}`, headers: {} },
    };
  }
  return {
    family,
    detail,
    anonymous,
    request: { method, path: `/trpc/${procedure}`, headers, body: envelope },
  };
}

/** A place in an endpoint's request where a text goes, and the longest text its schema takes. */
export interface TextField {
  where: Where;
  name: string;
  maxLength: number;
}

/** The string fields of a REST endpoint: path parts, query and JSON body (none for the raw uploads). */
export function textFields(t: RestEndpoint): TextField[] {
  if (t.raw) return [];
  const found: TextField[] = [];
  const add = (where: Where, fields: Record<string, Field> | undefined) => {
    for (const [name, field] of Object.entries(fields ?? {})) {
      const schema = field.schema;
      const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
      if (types.includes("string")) found.push({ where, name, maxLength: schema.maxLength ?? 200 });
    }
  };
  add("path", t.params);
  add("query", t.query);
  add("body", t.body);
  return found;
}

/** A valid request to the endpoint with one field's value replaced by `value`. */
export function requestWithText(t: RestEndpoint, fx: Fixtures, field: TextField, value: string): RawRequest {
  const parts = validParts(t, fx);
  const target = field.where === "path" ? parts.params : field.where === "query" ? parts.query : parts.body;
  if (target) target[field.name] = value;
  const body = parts.body ? JSON.stringify(parts.body) : undefined;
  return {
    method: t.method,
    path: `${renderPath(t, parts.params)}${renderQuery(parts.query)}`,
    headers: body === undefined ? {} : { ...JSON_HEADERS },
    body,
  };
}
