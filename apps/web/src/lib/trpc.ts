import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { AppRouter } from "@purplebeats/contracts";
import superjson from "superjson";
import { TRPC_MAX_BATCH } from "@purplebeats/contracts/constants";
import { userIdHeader } from "./identity";
import { httpErrorFrom } from "./errors";
import { sessionGateLink } from "./session-gate";

/** Typed hooks for every procedure: `trpc.songs.list.useQuery(...)`. Only the router's type reaches the bundle. */
export const trpc = createTRPCReact<AppRouter>();

/** The API accepts tRPC calls only from clients that say who they are (a cheap CSRF guard, with SameSite cookies). */
export const CLIENT_HEADER = { "x-purplebeats-client": "1" } as const;

export interface ApiClientOptions {
  /** Where the API answers: the page's own origin in the browser; the server's renderer passes its own. */
  url?: string;
  /** The server's renderer calls the API in process (apps/api/src/web/pages/web-app.ts). */
  fetch?: typeof fetch;
}

/**
 * The browser's client: one origin, `/trpc`, batched, superjson, cookies included, and SPEC.md section 6's
 * x-user-id header naming the current listener (the server checks it against the session).
 */
export function createApiClient({ url = "/trpc", fetch: send = fetch }: ApiClientOptions = {}) {
  return trpc.createClient({
    links: [
      sessionGateLink,
      httpBatchLink({
        url,
        transformer: superjson,
        // The server refuses larger batches (400): split them there.
        maxItems: TRPC_MAX_BATCH,
        // Batched GETs put every input in the URL; split batches before proxies start refusing them.
        maxURLLength: 2000,
        headers: () => ({ ...CLIENT_HEADER, ...userIdHeader() }),
        fetch: async (input, init) => {
          const response = await send(input, { ...init, credentials: "include" });
          // A failure that is not tRPC's JSON (a proxy's page, a plain-text 500) reads as SPEC.md's
          // '{status}: {body}', not as a JSON parse error.
          const json = response.headers.get("content-type")?.includes("json") ?? false;
          if (!response.ok && !json) throw await httpErrorFrom(response);
          return response;
        },
      }),
    ],
  });
}
export type ApiClient = ReturnType<typeof createApiClient>;
