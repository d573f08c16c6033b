// The OpenAPI 3.1 document of the REST shim, generated from the same route table that serves the requests:
// parameters and request bodies from each procedure's zod input, responses from its response schema
// (packages/contracts/src/procedures.ts), both through zod's JSON Schema output; security and the cache
// extensions from the procedure's builder and meta (packages/contracts/src/procedure-meta.ts).
import {
  jsonSchemaOf,
  procedureFacts,
  procedureInputJsonSchema as inputSchema,
  procedureOutputs,
  type JsonSchema,
  type ProcedurePath,
} from "@purplebeats/contracts";
import { API_ERROR_MESSAGES } from "@purplebeats/contracts/error-codes";
import { SESSION_COOKIE } from "../http/session.js";
import type { RestRoute } from "./route-table.js";
import { inputPart, NEXT_CURSOR_HEADER, partKeys, pathNames } from "./route-table.js";

export const jsonSchema = jsonSchemaOf;

const propertiesOf = (schema: JsonSchema | null) => schema?.properties ?? {};
const isRequired = (schema: JsonSchema | null, name: string) => schema?.required?.includes(name) ?? false;

/** Who may call, as OpenAPI security: any one of the listed schemes; none for a public procedure. */
const SECURITY = {
  public: undefined,
  session: [{ sessionCookie: [] }],
  premium: [{ sessionCookie: [] }],
  admin: [{ sessionCookie: [] }, { adminToken: [] }],
  adminSession: [{ sessionCookie: [] }],
} as const;

/**
 * What the procedure declares, as the operation says it: its security, who may call it
 * (`x-purplebeats-auth`, which also tells premium from any session), and for a query whether its
 * response is shared (`x-purplebeats-cache`), for a mutation whether it may change the catalog.
 */
export function procedureOperationFacts(procedure: ProcedurePath) {
  const facts = procedureFacts.get(procedure);
  if (!facts) throw new Error(`No procedure ${procedure}`);
  const security = SECURITY[facts.auth];
  return {
    operationId: procedure,
    ...(security ? { security } : {}),
    "x-purplebeats-auth": facts.auth,
    ...(facts.type === "mutation"
      ? { "x-purplebeats-catalog-write": facts.meta.catalogWrite !== false }
      : { "x-purplebeats-cache": facts.meta.cache ?? "perCaller" }),
  };
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
      ...procedureOperationFacts(r.procedure),
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
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session a sign-in or a guest session starts (HttpOnly)",
        },
        adminToken: {
          type: "http",
          scheme: "bearer",
          description: "An admin API token (apps/admin-cli); scope 'read' may only call GETs",
        },
      },
      responses: {
        Error: {
          description: "A refused request",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  error: { type: "string" },
                  message: { type: "string" },
                  // A message a listener may read: its stable code, for the app to show it in their language.
                  code: { type: "string", enum: Object.keys(API_ERROR_MESSAGES) },
                  // A message listing several problems ("name: ...; handle: ..."): each one's code, in order.
                  codes: {
                    type: "array",
                    items: { type: ["string", "null"], enum: [...Object.keys(API_ERROR_MESSAGES), null] },
                  },
                  // What the code's message names ({format}, {status}, ...), for the app to place in its words.
                  values: { type: "object", additionalProperties: { type: "string" } },
                },
                required: ["error", "message"],
              },
            },
          },
        },
      },
    },
  };
}
