// The OpenAPI 3.1 document of the REST shim, generated from the same route table that serves the requests:
// parameters and request bodies from each procedure's zod input, responses from its response schema
// (packages/contracts/src/procedures.ts), both through zod's JSON Schema output.
import { z } from "zod";
import { procedureInputSchema, procedureOutputs, type ProcedurePath } from "@purplebeats/contracts";
import type { RestRoute } from "./route-table.js";
import { inputPart, NEXT_CURSOR_HEADER, partKeys, pathNames } from "./route-table.js";

type JsonSchema = z.core.JSONSchema.BaseSchema;

/** A schema as OpenAPI 3.1 embeds it (JSON Schema 2020-12, without the `$schema` of a whole document). */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Refinements (a picture URL of ours, ids that do not repeat) are checked by the server; the document
  // gives the shape and bounds around them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

const propertiesOf = (schema: JsonSchema | null) => schema?.properties ?? {};
const isRequired = (schema: JsonSchema | null, name: string) => schema?.required?.includes(name) ?? false;

/** The procedure's input as JSON Schema: what the path, the query string and the body carry together. */
function inputSchema(procedure: ProcedurePath): JsonSchema | null {
  const schema = procedureInputSchema(procedure);
  return schema ? jsonSchema(schema, "input") : null;
}

function parameters(r: RestRoute, input: JsonSchema | null) {
  const properties = propertiesOf(input);
  const path = pathNames(r.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name] ?? { type: "string" },
  }));
  if (inputPart(r.method) !== "query") return path;
  const query = partKeys(r.procedure, r.path).map((name) => {
    const schema = properties[name] ?? {};
    // Lists travel as one comma-separated value (seeds=a,b), which OpenAPI calls form style, not exploded.
    const list = typeof schema === "object" && schema.type === "array";
    return {
      name,
      in: "query",
      required: isRequired(input, name),
      schema,
      ...(list ? { style: "form", explode: false } : {}),
    };
  });
  return [...path, ...query];
}

function requestBody(r: RestRoute, input: JsonSchema | null) {
  if (inputPart(r.method) !== "body") return undefined;
  const keys = partKeys(r.procedure, r.path);
  if (keys.length === 0) return undefined;
  const properties = propertiesOf(input);
  const required = keys.filter((key) => isRequired(input, key));
  return {
    required: required.length > 0,
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: Object.fromEntries(keys.map((key) => [key, properties[key] ?? {}])),
          ...(required.length ? { required } : {}),
        },
      },
    },
  };
}

/** The response body: the procedure's response, or for a paged list only its items (a JSON array). */
export function responseSchema(r: Pick<RestRoute, "procedure" | "paged">): JsonSchema {
  const schema = jsonSchema(procedureOutputs[r.procedure], "output");
  if (!r.paged) return schema;
  const items = schema.properties?.items;
  if (typeof items !== "object") throw new Error(`${r.procedure} responds with no page of items`);
  return items;
}

function success(r: RestRoute) {
  return {
    description: r.paged ? "A page of the list, as a JSON array" : "Success",
    content: { "application/json": { schema: responseSchema(r) } },
    ...(r.paged
      ? {
          headers: {
            [NEXT_CURSOR_HEADER]: {
              description: "Pass as `cursor` for the next page; absent on the last page",
              schema: { type: "string" },
            },
          },
        }
      : {}),
  };
}

const refused = { $ref: "#/components/responses/Error" };

/** An OpenAPI 3.1 description generated from the same route table that serves the requests. */
export function buildOpenApi(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const input = inputSchema(r.procedure);
    const body = requestBody(r, input);
    const operations = (paths[r.path.replace(/:([A-Za-z]+)/g, "{$1}")] ??= {});
    operations[r.method.toLowerCase()] = {
      summary: r.summary,
      operationId: r.procedure,
      parameters: parameters(r, input),
      ...(body ? { requestBody: body } : {}),
      responses: {
        [String(r.successStatus ?? 200)]: success(r),
        "400": refused,
        "401": refused,
        "403": refused,
        "404": refused,
        "429": refused,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "PurpleBeats REST API",
      version: "1.0.0",
      description: "A thin REST shim over the tRPC procedures at /trpc.",
    },
    paths,
    components: {
      responses: {
        Error: {
          description: "A refused request",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { error: { type: "string" }, message: { type: "string" } },
                required: ["error", "message"],
              },
            },
          },
        },
      },
    },
  };
}
