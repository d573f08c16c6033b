// The API as the server's renderer calls it (src/entry-server.tsx): a real tRPC client whose fetch answers
// each batched procedure from `answers`, noting what was asked.
import superjson from "superjson";
import { createApiClient } from "../lib/trpc";

export function fakeApi(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const callApi: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const procedures = url.pathname.replace(/^\/trpc\//, "").split(",");
    asked.push(...procedures);
    const body = procedures.map((name) => ({ result: { data: superjson.serialize(answers[name]) } }));
    return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  };
  const client = createApiClient({ url: "http://purplebeats.internal/trpc", fetch: callApi });
  return { client, asked };
}
