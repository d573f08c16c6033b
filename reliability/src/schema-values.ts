// Values for a field from its JSON Schema (the OpenAPI document's parameters and bodies, the procedures'
// inputs): whether the server would accept a value, a valid sample, and values it must refuse.
import type { JsonSchema } from "@purplebeats/contracts";
import {
  HTML_INJECTIONS,
  ODD_UNICODE,
  SQL_INJECTIONS,
  invalidIdString,
  longString,
  wrongTypeForNumber,
  wrongTypeForString,
} from "./hostile.js";
import type { Rng } from "./rng.js";

/** Where a value travels: path and query values are text, a body or a tRPC input is JSON. */
export type Where = "body" | "path" | "query";

type Schema = JsonSchema | boolean;

const asSchema = (s: Schema | undefined): JsonSchema | null => (typeof s === "object" ? s : null);
const typesOf = (s: JsonSchema): string[] | null =>
  s.type === undefined ? null : Array.isArray(s.type) ? s.type : [s.type];

/** True when the schema says nothing about the value (`{}`): nothing can spoil it. */
export function isOpen(schema: Schema | undefined): boolean {
  const s = asSchema(schema);
  if (!s) return true;
  return !s.anyOf && !s.oneOf && s.const === undefined && !s.enum && typesOf(s) === null;
}

/** A number as the server reads one: numeric text counts (contracts' numberFromText), nothing else does. */
function asNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "") return Number(v);
  return Number.NaN;
}

/** A list as the server reads one: an array, or one comma-separated text (radio's seeds). */
function asList(v: unknown): unknown[] | null {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return v.trim() === "" ? [] : v.split(",").map((item) => item.trim());
  return null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function acceptsString(s: JsonSchema, v: unknown): boolean {
  if (typeof v !== "string") return false;
  // Typed text is trimmed before its bounds are checked: judge by whichever reading accepts.
  const readings = [v, v.trim()];
  return readings.some(
    (text) =>
      (s.minLength === undefined || text.length >= s.minLength) &&
      (s.maxLength === undefined || text.length <= s.maxLength) &&
      (s.pattern === undefined || new RegExp(s.pattern).test(text)),
  );
}

function acceptsNumber(s: JsonSchema, v: unknown, integer: boolean): boolean {
  const n = asNumber(v);
  if (!Number.isFinite(n) || (integer && !Number.isInteger(n))) return false;
  if (typeof s.minimum === "number" && n < s.minimum) return false;
  if (typeof s.maximum === "number" && n > s.maximum) return false;
  if (typeof s.exclusiveMinimum === "number" && n <= s.exclusiveMinimum) return false;
  if (typeof s.exclusiveMaximum === "number" && n >= s.exclusiveMaximum) return false;
  return true;
}

function acceptsList(s: JsonSchema, v: unknown): boolean {
  const list = asList(v);
  if (!list) return false;
  if (s.maxItems !== undefined && list.length > s.maxItems) return false;
  if (s.minItems !== undefined && list.length < s.minItems) return false;
  const items = s.items;
  return Array.isArray(items) || items === undefined || list.every((item) => accepts(items, item));
}

function acceptsObject(s: JsonSchema, v: unknown): boolean {
  if (!isPlainObject(v)) return false;
  if ((s.required ?? []).some((key) => v[key] === undefined)) return false;
  const properties = s.properties ?? {};
  for (const [key, value] of Object.entries(v)) {
    const property = properties[key];
    if (property !== undefined) {
      if (value !== undefined && !accepts(property, value)) return false;
    } else if (s.additionalProperties === false) return false;
  }
  return true;
}

function acceptsType(type: string, s: JsonSchema, v: unknown): boolean {
  switch (type) {
    case "null":
      return v === null;
    case "boolean":
      // A query string's "true"/"false" count (the admin users' premium filter).
      return typeof v === "boolean" || v === "true" || v === "false";
    case "integer":
    case "number":
      return acceptsNumber(s, v, type === "integer");
    case "string":
      return acceptsString(s, v);
    case "array":
      return acceptsList(s, v);
    case "object":
      return acceptsObject(s, v);
    default:
      return true;
  }
}

/**
 * Whether the server may accept the value by its schema. Generous where the server's reading is
 * (numeric text for numbers, comma-separated text for lists, trimmed text), so that a value this refuses
 * the server surely refuses; refinements the schema cannot say are not checked here.
 */
export function accepts(schema: Schema, v: unknown): boolean {
  const s = asSchema(schema);
  if (!s) return schema !== false;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.some((branch) => accepts(branch, v));
  if (s.const !== undefined) return v === s.const;
  if (s.enum) return s.enum.includes(v as never);
  const types = typesOf(s);
  return types === null || types.some((type) => acceptsType(type, s, v));
}

/** A version-4 UUID from the seeded stream (so that a seed reproduces every case). */
export function uuid(rng: Rng): string {
  const hex = rng.text(32, "0123456789abcdef");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A valid value from the schema alone, for fields no fixture names; undefined when none is easy. */
export function sampleValue(schema: Schema, rng: Rng): unknown {
  const s = asSchema(schema);
  if (!s) return undefined;
  const candidates: unknown[] = [];
  if (s.const !== undefined) candidates.push(s.const);
  if (s.enum) candidates.push(...s.enum);
  for (const branch of s.anyOf ?? s.oneOf ?? []) candidates.push(sampleValue(branch, rng));
  for (const type of typesOf(s) ?? []) {
    if (type === "string") candidates.push(s.format === "uuid" ? uuid(rng) : "fuzz", "fuzz1234");
    if (type === "integer" || type === "number") candidates.push(s.minimum ?? 1);
    if (type === "boolean") candidates.push(false);
    if (type === "array") candidates.push([]);
    if (type === "null") candidates.push(null);
    if (type === "object") {
      const required = s.required ?? [];
      candidates.push(
        Object.fromEntries(required.map((key) => [key, sampleValue(s.properties?.[key] ?? {}, rng)])),
      );
    }
  }
  return candidates.find((value) => value !== undefined && accepts(s, value));
}

/** Strings no id-like field accepts (with the field's own bound, when it has one). */
function badStrings(rng: Rng, s: JsonSchema): string[] {
  const strings = [
    "",
    "   ",
    invalidIdString(rng),
    invalidIdString(rng),
    `${rng.text(8)}${rng.pick(["'", "<", " ", "/", "%", "\u0000", "\u202e", "é", "😀"])}`,
    rng.pick(SQL_INJECTIONS),
    rng.pick(HTML_INJECTIONS),
    rng.pick(ODD_UNICODE),
    "1234",
    "00000000-0000-0000-0000-00000000000g",
    `${uuid(rng)}x`,
    uuid(rng).replace(/-/g, ""),
    "CREATED",
    "yes",
  ];
  if (s.maxLength !== undefined) strings.push(longString(rng, s.maxLength + 1, s.maxLength + 200));
  if (s.minLength !== undefined && s.minLength > 1) strings.push("x".repeat(s.minLength - 1));
  return strings;
}

/** Texts of numbers out of bounds, not whole, or not numbers at all. */
function badNumberTexts(s: JsonSchema): string[] {
  const texts = ["NaN", "Infinity", "-Infinity", "1e400", "1.5", "abc", "", "   ", "1;DROP TABLE songs", "½"];
  texts.push("-1", "0", "-99999999999", "99999999999999999999999");
  if (typeof s.maximum === "number") texts.push(String(s.maximum + 1));
  if (typeof s.minimum === "number") texts.push(String(s.minimum - 1));
  return texts;
}

/** Text lists (comma-separated) with a bad item or too many items. */
function badListTexts(rng: Rng, s: JsonSchema): string[] {
  const item = asSchema(Array.isArray(s.items) ? undefined : s.items);
  const good = item ? sampleValue(item, rng) : "x";
  const text = typeof good === "string" ? good : "x";
  const texts = [`${text},not-a-uuid`, `${text},`, "not-a-uuid", rng.pick(SQL_INJECTIONS)];
  if (s.maxItems !== undefined) {
    const many = Array.from({ length: s.maxItems + 1 }, () => (item ? sampleValue(item, rng) : "x"));
    texts.push(many.join(","));
  }
  return texts;
}

/** JSON values of the wrong shape for the schema: wrong types, bad items, bad properties. */
function badJson(rng: Rng, s: JsonSchema): unknown[] {
  const values: unknown[] = [
    wrongTypeForString(rng),
    wrongTypeForNumber(rng),
    null,
    [],
    {},
    true,
    0,
    -1,
    3.5,
    1e308,
    [[[[[]]]]],
    { $gt: "" },
  ];
  for (const type of typesOf(s) ?? []) {
    if (type === "integer" || type === "number") {
      if (typeof s.maximum === "number") values.push(s.maximum + 1);
      if (typeof s.minimum === "number") values.push(s.minimum - 1, s.minimum + 0.5);
    }
    if (type === "array") {
      const item = asSchema(Array.isArray(s.items) ? undefined : s.items);
      if (item) {
        const bad = badValue(rng, item, "body");
        if (bad) values.push([bad.value], [sampleValue(item, rng), bad.value]);
      }
      if (s.maxItems !== undefined)
        values.push(Array.from({ length: s.maxItems + 1 }, () => (item ? sampleValue(item, rng) : 1)));
    }
    if (type === "object" && s.properties) {
      const valid = isPlainObject(sampleValue(s, rng))
        ? (sampleValue(s, rng) as Record<string, unknown>)
        : {};
      for (const [key, property] of Object.entries(s.properties)) {
        const bad = isOpen(property) ? undefined : badValue(rng, asSchema(property) ?? {}, "body");
        if (bad) values.push({ ...valid, [key]: bad.value });
      }
    }
  }
  return values;
}

function badCandidates(rng: Rng, s: JsonSchema, where: Where): unknown[] {
  const branches = (s.anyOf ?? s.oneOf ?? [s]).map((b) => asSchema(b) ?? {});
  const types = new Set(branches.flatMap((b) => typesOf(b) ?? []));
  const candidates: unknown[] = [];
  for (const branch of branches) {
    candidates.push(...badStrings(rng, branch));
    if (types.has("integer") || types.has("number")) candidates.push(...badNumberTexts(branch));
    if (types.has("array")) candidates.push(...badListTexts(rng, branch));
    if (where === "body") candidates.push(...badJson(rng, branch));
  }
  // Text that travels in a path must leave a segment there: an empty one would name another route.
  return where === "path" ? candidates.filter((c) => typeof c === "string" && c.trim() !== "") : candidates;
}

const preview = (value: unknown): string => {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 20)}…(${text.length} chars)` : text);
};

/** A value the schema refuses, or undefined when none of the candidates is refused. */
export function badValue(
  rng: Rng,
  schema: JsonSchema,
  where: Where,
): { value: unknown; note: string } | undefined {
  const refused = badCandidates(rng, schema, where).filter((value) => !accepts(schema, value));
  if (!refused.length) return undefined;
  const value = rng.pick(refused);
  return { value, note: `${where} ${Array.isArray(value) ? "list" : typeof value} ${preview(value)}` };
}
