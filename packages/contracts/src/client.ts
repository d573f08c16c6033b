// The typed client for other internal apps (the admin command line, scripts, services, tests) that call
// the API over HTTP: `import { createPurpleBeatsClient } from "@purplebeats/contracts/client"`.
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import { TRPC_MAX_BATCH } from "./constants.js";
import type { AppRouter } from "./root.js";

export interface PurpleBeatsClientOptions {
  /** The API's origin, e.g. http://localhost:3000. */
  baseUrl: string;
  /**
   * An admin API token (made on the admin dashboard or with `admin:token create` on the server host),
   * sent as `Authorization: Bearer`: it opens admin procedures only.
   */
  adminToken?: string;
  /** Extra headers for every call, e.g. a session cookie. */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
}

export function createPurpleBeatsClient(options: PurpleBeatsClientOptions) {
  const auth: Record<string, string> = options.adminToken
    ? { authorization: `Bearer ${options.adminToken}` }
    : {};
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.baseUrl.replace(/\/$/, "")}/trpc`,
        // tRPC 11 puts the transformer on the link; the server's is superjson too (trpc.ts).
        transformer: superjson,
        // The server refuses larger batches (400): split them there.
        maxItems: TRPC_MAX_BATCH,
        headers: () => ({ "x-purplebeats-client": "1", ...auth, ...(options.headers?.() ?? {}) }),
        fetch: options.fetch,
      }),
    ],
  });
}
export type PurpleBeatsClient = ReturnType<typeof createPurpleBeatsClient>;
