// A typed client for other internal apps (scripts, services, tests) that talk to the API over HTTP.
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "./root.js";

export interface PurpleBeatsClientOptions {
  /** The API's origin, e.g. http://localhost:3000. */
  baseUrl: string;
  /** Extra headers for every call, e.g. a session cookie. */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
}

export function createPurpleBeatsClient(options: PurpleBeatsClientOptions) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.baseUrl.replace(/\/$/, "")}/trpc`,
        transformer: superjson,
        headers: () => ({ "x-purplebeats-client": "1", ...(options.headers?.() ?? {}) }),
        fetch: options.fetch,
      }),
    ],
  });
}
export type PurpleBeatsClient = ReturnType<typeof createPurpleBeatsClient>;
