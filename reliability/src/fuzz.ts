// The bad-input generator: from a valid request per endpoint, seeded mutations that every endpoint must
// refuse with a 4xx and a clear JSON message (wrong types, missing and extra fields, huge strings and
// bodies, bad numbers, odd Unicode, injections, malformed JSON, wrong content types).
import type { Field, Fixtures, Kind, Template } from "./endpoints.js";
import {
  HTML_INJECTIONS,
  ODD_UNICODE,
  SQL_INJECTIONS,
  invalidIdString,
  longString,
  wrongTypeForNumber,
  wrongTypeForString,
} from "./hostile.js";
import type { RawRequest } from "./http.js";
import type { Rng } from "./rng.js";

export interface Case {
  id: number;
  endpoint: string;
  family: string;
  detail: string;
  request: RawRequest;
}

type Where = "body" | "path" | "query";
/** A value to put in place of a valid one: `undefined` removes the part. */
type Spoiler = (rng: Rng, where: Where) => { value: unknown; note: string };

const note = (value: unknown, what: string) => ({ value, note: what });
const pickString = (rng: Rng, where: Where, choices: Array<() => string>) => {
  const s = rng.pick(choices)();
  return note(s, `${where} string ${preview(s)}`);
};
const typeOrString = (rng: Rng, where: Where, strings: Array<() => string>) =>
  where === "body" && rng.bool(0.35)
    ? note(wrongTypeForString(rng), "wrong type")
    : pickString(rng, where, strings);

/** Strings no id-like kind accepts. */
const badIds = (rng: Rng, max: number) => [
  () => invalidIdString(rng),
  () => longString(rng, max + 1, max + 200),
  () => `${rng.text(8)}${rng.pick(["'", "<", " ", "/", "%", "\u0000", "\u202e", "é", "😀"])}`,
];

/** A version-4 UUID from the seeded stream (so that a seed reproduces every case). */
function uuid(rng: Rng): string {
  const hex = rng.text(32, "0123456789abcdef");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A spoiled value for a field; never null where null is allowed. */
function spoil(rng: Rng, field: Field, where: Where) {
  for (;;) {
    const bad = SPOILERS[field.kind as Exclude<Kind, "ignored">](rng, where);
    if (!(field.nullable && bad.value === null)) return bad;
  }
}

/** How to spoil each kind; every result is something the API must refuse. */
const SPOILERS: Record<Exclude<Kind, "ignored">, Spoiler> = {
  uuid: (rng, where) =>
    typeOrString(rng, where, [
      ...badIds(rng, 40),
      () => "1234",
      () => "00000000-0000-0000-0000-00000000000g",
      () => `${uuid(rng)}x`,
      () => uuid(rng).replace(/-/g, ""),
    ]),
  playlistId: (rng, where) => typeOrString(rng, where, badIds(rng, 100)),
  userId: (rng, where) => typeOrString(rng, where, badIds(rng, 100)),
  paymentId: (rng, where) => typeOrString(rng, where, badIds(rng, 128)),
  txid: (rng, where) => typeOrString(rng, where, badIds(rng, 256)),
  uploadToken: (rng, where) =>
    pickString(rng, where, [...badIds(rng, 43), () => rng.text(43), () => rng.text(42, "ABCDEF")]),
  accessToken: (rng, where) =>
    typeOrString(rng, where, [
      () => "",
      () => longString(rng, 4097, 8000),
      () => `forged-${rng.text(32)}`,
      () => rng.pick(SQL_INJECTIONS),
    ]),
  piUser: (rng) =>
    note(
      rng.pick<unknown>([
        "pioneer",
        42,
        true,
        ["uid"],
        { uid: longString(rng, 201, 400) },
        { username: longString(rng, 201, 400) },
        { uid: 7 },
        { username: { $ne: null } },
      ]),
      "bad user object",
    ),
  profileName: (rng, where) =>
    typeOrString(rng, where, [() => "", () => "   \t  ", () => longString(rng, 51, 5000)]),
  playlistName: (rng, where) =>
    typeOrString(rng, where, [() => "", () => " \n\t ", () => longString(rng, 101, 5000)]),
  description: (rng) =>
    rng.bool(0.5)
      ? note(rng.pick<unknown>([0, 3.5, true, [], ["x"], {}, { a: 1 }]), "wrong type")
      : note(longString(rng, 501, 20_000), "too long"),
  imageUrl: (rng) =>
    note(
      rng.pick<unknown>([
        0,
        true,
        [],
        {},
        "javascript:alert(1)",
        "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
        "ftp://example.com/x.png",
        "objects/x.png",
        "//evil.example/x.png",
        "http://exa mple.com/x.png",
        `https://example.com/${"x".repeat(2100)}`,
        rng.pick(HTML_INJECTIONS),
      ]),
      "bad image url",
    ),
  avatarURL: (rng, where) =>
    typeOrString(rng, where, [
      () => "",
      () => longString(rng, 2049, 5000),
      () => `/objects/${uuid(rng)}.png`,
      () => "https://evil.example/me.png",
      () => `/api/objects/upload/${rng.text(43)}`,
      () => rng.pick(HTML_INJECTIONS),
      () => rng.pick(ODD_UNICODE),
    ]),
  bool: (rng) =>
    note(rng.pick<unknown>(["true", "false", 1, 0, "yes", null, [], {}, [true]]), "not a boolean"),
  amount: (rng) =>
    note(
      rng.pick<unknown>([
        -3.14,
        0,
        3.15,
        314,
        1e308,
        -1e308,
        Number.MAX_SAFE_INTEGER,
        "NaN",
        "Infinity",
        "-Infinity",
        "-3.14",
        "3.14.1",
        "3,14",
        "",
        "abc",
        "0.0000001",
        null,
        true,
        [],
        [3.14],
        {},
        { amount: 3.14 },
      ]),
      "bad amount",
    ),
  metadata: (rng) =>
    note(
      rng.pick<unknown>([
        "not json",
        "{",
        "[]",
        "null",
        "42",
        '{"productId":"free_stuff"}',
        '{"productId":"premium_membership","duration":"100_years"}',
        '{"productId":"premium_membership","userId":"someone-else"}',
        JSON.stringify({ productId: "premium_membership", pad: "x".repeat(2100) }),
        42,
        true,
        { productId: "premium_membership" },
        ["premium_membership"],
      ]),
      "bad metadata",
    ),
  quality: (rng) => note(rng.pick<unknown>(["best", "HIGH", "", 1, true, null, {}]), "bad quality"),
  paymentStatus: (rng) =>
    note(rng.pick<unknown>(["approved", "completed", "CREATED", "", 1, true, null, {}]), "bad status"),
  limit100: (rng, where) => badNumber(rng, where, 100),
  limit50: (rng, where) => badNumber(rng, where, 50),
  limit20: (rng, where) => badNumber(rng, where, 20),
  cursor: (rng, where) =>
    pickString(rng, where, [
      () => invalidIdString(rng),
      () => longString(rng, 201, 2000),
      () => `${rng.text(10)}=`,
      () => `${rng.text(10)}.${rng.text(10)}`,
    ]),
  q: (rng, where) => typeOrString(rng, where, [() => "", () => "    ", () => longString(rng, 201, 3000)]),
  genre: (rng, where) => pickString(rng, where, [() => "   ", () => longString(rng, 61, 400)]),
  songIds: (rng) =>
    note(
      rng.pick<unknown>([
        "not-a-list",
        42,
        null,
        {},
        { 0: uuid(rng) },
        [42],
        [null],
        ["not-a-uuid"],
        [rng.pick(SQL_INJECTIONS)],
        Array.from({ length: 501 }, () => uuid(rng)),
        [uuid(rng), uuid(rng)],
      ]),
      "bad songIds",
    ),
  songIdList: (rng) => {
    const id = uuid(rng);
    return note(
      rng.pick<unknown>([
        "not-a-uuid",
        `${id},not-a-uuid`,
        `${id},${id}`,
        `${id},`,
        Array.from({ length: 101 }, () => uuid(rng)).join(","),
        rng.pick(SQL_INJECTIONS),
      ]),
      "bad song id list",
    );
  },
};

function badNumber(rng: Rng, where: Where, max: number) {
  if (where === "body" && rng.bool(0.3)) return note(wrongTypeForNumber(rng), "wrong type");
  const s = rng.pick([
    "0",
    "-1",
    "-99999999999",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    String(max + 1),
    "99999999999999999999999",
    "1.5",
    "abc",
    "",
    "   ",
    "1;DROP TABLE songs",
    "½",
  ]);
  return note(s, `${where} number ${preview(s)}`);
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

function validParts(t: Template, fx: Fixtures): Parts {
  const pick = (fields: Record<string, Field> | undefined) =>
    Object.fromEntries(
      Object.entries(fields ?? {})
        .map(([name, field]) => [name, field.value(fx)] as const)
        .filter(([, v]) => v !== undefined),
    );
  return { params: pick(t.params), query: pick(t.query), body: t.body ? pick(t.body) : undefined };
}

function renderPath(t: Template, params: Record<string, unknown>): string {
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

/** The tRPC twin's input: path, query and body together, with the procedure's names. */
function procedureInput(t: Template, parts: Parts): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parts.params)) input[t.params?.[name]?.as ?? name] = value;
  Object.assign(input, parts.query, parts.body ?? {});
  return input;
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

export interface FamilyWeights {
  [family: string]: number;
}

/**
 * Generates `count` cases, cycling over the templates (each endpoint gets its share), each case from the
 * families that apply to its endpoint.
 */
export function generateCases(
  rng: Rng,
  templates: Template[],
  fx: Fixtures,
  count: number,
  otherUserId: string,
): Case[] {
  const cases: Case[] = [];
  const routes = templates.flatMap((t) => {
    const entries: Array<{ t: Template; via: "rest" | "trpc" }> = [{ t, via: "rest" }];
    if (t.procedure) entries.push({ t, via: "trpc" });
    return entries;
  });
  for (let i = 0; i < count; i++) {
    const { t, via } = routes[i % routes.length]!;
    const r = rng.fork(`case-${i}`);
    const made = via === "rest" ? restCase(r, t, fx, otherUserId) : trpcCase(r, t, fx);
    cases.push({
      id: i,
      ...made,
      endpoint: via === "rest" ? `${t.method} ${t.path}` : `tRPC ${t.procedure}`,
    });
  }
  return cases;
}

/** Fields of a part that can be spoiled. */
const spoilable = (fields: Record<string, Field> | undefined) =>
  Object.entries(fields ?? {}).filter(([, field]) => field.kind !== "ignored");

function maybeExtra(rng: Rng, body: Record<string, unknown>): string {
  if (!rng.bool(0.3)) return "";
  Object.assign(body, rng.pick(EXTRA_FIELDS));
  return " + extra fields";
}

function restCase(rng: Rng, t: Template, fx: Fixtures, otherUserId: string) {
  const parts = validParts(t, fx);
  const families: string[] = ["unknown-subpath"];
  if (t.method !== "GET")
    families.push("malformed-json", "wrong-content-type", "huge-body", "proto-pollution");
  if (!t.path.startsWith("/api/objects/upload/")) families.push("x-user-id");
  if (spoilable(t.params).length) families.push("bad-path-param", "bad-path-param", "bad-path-param");
  if (t.params && Object.values(t.params).some((p) => p.notFound)) families.push("unknown-id");
  if (spoilable(t.query).length) families.push("bad-query", "bad-query", "duplicate-query");
  if (spoilable(t.body).length)
    families.push("bad-field", "bad-field", "bad-field", "bad-field", "body-shape");
  if (spoilable(t.body).some(([, field]) => field.required)) families.push("missing-field", "missing-field");
  if (t.raw) families.push("raw-upload", "raw-upload");
  const family = rng.pick(families);

  let detail = family;
  let headers: Record<string, string> = { ...JSON_HEADERS };
  let bodyText: string | Buffer | undefined = parts.body ? JSON.stringify(parts.body) : undefined;
  let path = renderPath(t, parts.params);
  let query = renderQuery(parts.query);

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
    case "bad-path-param": {
      const [name, field] = rng.pick(spoilable(t.params));
      const bad = spoil(rng, field, "path");
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
      const [name, field] = rng.pick(Object.entries(t.params!).filter(([, p]) => p.notFound));
      const unknown =
        field.kind === "uuid"
          ? uuid(rng)
          : field.kind === "paymentId"
            ? `nope-${rng.text(20)}`
            : `nope${rng.text(12)}`;
      path = renderPath(t, { ...parts.params, [name]: unknown });
      detail = `unknown ${name}`;
      break;
    }
    case "bad-query": {
      const [name, field] = rng.pick(spoilable(t.query));
      const bad = spoil(rng, field, "query");
      query = renderQuery({ ...parts.query, [name]: bad.value });
      detail = `query ${name}: ${bad.note}`;
      break;
    }
    case "duplicate-query": {
      const [name, field] = rng.pick(spoilable(t.query));
      const v = field.value(fx) ?? "abc";
      query = renderQuery({ ...parts.query, [name]: [v, v] });
      detail = `query ${name} twice`;
      if (name === "userId") query = renderQuery({ ...parts.query, [name]: [v, otherUserId] });
      break;
    }
    case "bad-field": {
      const [name, field] = rng.pick(spoilable(t.body));
      const bad = spoil(rng, field, "body");
      const body = { ...parts.body, [name]: bad.value };
      detail = `body ${name}: ${bad.note}${maybeExtra(rng, body)}`;
      bodyText = JSON.stringify(body);
      break;
    }
    case "missing-field": {
      const required = spoilable(t.body).filter(([, field]) => field.required);
      const [name] = rng.pick(required);
      const body = { ...parts.body };
      delete body[name];
      detail = `body without ${name}${maybeExtra(rng, body)}`;
      bodyText = JSON.stringify(body);
      break;
    }
    case "body-shape": {
      bodyText = rng.pick(["[]", "null", '"text"', "42", "true", "[{}]", JSON.stringify([parts.body])]);
      detail = `body ${bodyText.slice(0, 30)}`;
      if (!spoilable(t.body).some(([, field]) => field.required)) {
        // Nothing is required: spoil a field instead, so the case is still wrong.
        const [name, field] = rng.pick(spoilable(t.body));
        const bad = spoil(rng, field, "body");
        bodyText = JSON.stringify({ ...parts.body, [name]: bad.value });
        detail = `body ${name}: ${bad.note}`;
      }
      break;
    }
    case "raw-upload": {
      const bad = SPOILERS.uploadToken(rng, "path");
      path = renderPath(t, { token: bad.value });
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
    request: { method, path: path + query, headers, body: method === "GET" ? undefined : bodyText },
  };
}

function trpcCase(rng: Rng, t: Template, fx: Fixtures) {
  const parts = validParts(t, fx);
  const input = procedureInput(t, parts);
  const isMutation = t.procedureType === "mutation";
  const fieldEntries = [
    ...spoilable(t.params).map(
      ([n, field]) =>
        [field.as ?? n, field.optionalInProcedure ? { ...field, required: false } : field] as const,
    ),
    ...spoilable(t.query),
    ...spoilable(t.body),
  ];
  const families = ["wrong-method", "unknown-procedure", "malformed-input"];
  if (fieldEntries.length) families.push("bad-field", "bad-field", "bad-field", "bad-field", "input-shape");
  if (fieldEntries.some(([, field]) => field.required)) families.push("missing-field");
  if (isMutation) families.push("wrong-content-type", "huge-body");
  const family = rng.pick(families);

  let detail = family;
  let payload: unknown = input;
  let rawInput: string | undefined;
  let method = isMutation ? "POST" : "GET";
  let procedure = t.procedure!;
  let headers: Record<string, string> = { ...JSON_HEADERS };

  switch (family) {
    case "wrong-method":
      method = isMutation ? "GET" : rng.pick(["POST", "PUT", "DELETE"]);
      detail = `${method} to a ${t.procedureType ?? "query"}`;
      break;
    case "unknown-procedure":
      procedure = `${procedure}${rng.pick(["X", ".x", "/../admin.stats", "%00"])}`;
      detail = `procedure ${procedure}`;
      break;
    case "malformed-input":
      rawInput = rng.pick(MALFORMED_JSON);
      detail = `malformed JSON ${preview(rawInput)}`;
      break;
    case "bad-field": {
      const [name, field] = rng.pick(fieldEntries);
      const bad = spoil(rng, field, "body");
      payload = { ...input, [name]: bad.value };
      detail = `input ${name}: ${bad.note}`;
      break;
    }
    case "missing-field": {
      const [name] = rng.pick(fieldEntries.filter(([, field]) => field.required));
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
        !fieldEntries.some(([, field]) => field.required) &&
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
      request: { method, path: `/trpc/${procedure}?input=${encodeValue(envelope)}`, headers: {} },
    };
  }
  return { family, detail, request: { method, path: `/trpc/${procedure}`, headers, body: envelope } };
}
