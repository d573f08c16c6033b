import type { RestRoute } from "./route-table.js";
import { NEXT_CURSOR_HEADER } from "./route-table.js";

/** An OpenAPI 3 description generated from the same route table that serves the requests. */
export function buildOpenApi(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z]+)/g, "{$1}");
    const pathParams = [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const queryParams = (r.query ?? []).map((name) => ({
      name,
      in: "query",
      required: name === "q",
      schema: name === "limit" ? { type: "integer", minimum: 1 } : { type: "string" },
    }));
    const ok: Record<string, unknown> = {
      description: r.paged ? "A page of the list, as a JSON array" : "Success",
      content: {
        "application/json": {
          schema: r.paged ? { type: "array", items: { type: "object" } } : { type: "object" },
        },
      },
    };
    if (r.paged) {
      ok.headers = {
        [NEXT_CURSOR_HEADER]: {
          description: "Pass as `cursor` for the next page; absent on the last page",
          schema: { type: "string" },
        },
      };
    }
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: r.summary,
      parameters: [...pathParams, ...queryParams],
      responses: {
        [String(r.successStatus ?? 200)]: ok,
        "400": { $ref: "#/components/responses/Error" },
        "404": { $ref: "#/components/responses/Error" },
      },
    };
  }
  return {
    openapi: "3.0.3",
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
