// The ceiling the API is measured against: plain Fastify answering each route with the very bytes
// and content type the API sent, from memory. Usage: bare-server <fixtures.json> <port>
import { readFileSync } from "node:fs";
import Fastify from "fastify";

interface Fixture {
  path: string;
  contentType: string;
  body: string;
}

const [fixtureFile, port] = process.argv.slice(2);
const fixtures = JSON.parse(readFileSync(fixtureFile!, "utf8")) as Fixture[];
const app = Fastify({ logger: false });
const byUrl = new Map(
  fixtures.map((f) => [f.path, { type: f.contentType, body: Buffer.from(f.body, "base64") }]),
);

app.get("/__ready", async () => "ok");
app.get("/*", (request, reply) => {
  const hit = byUrl.get(request.url);
  if (!hit) return reply.code(404).send("not a fixture");
  return reply.type(hit.type).send(hit.body);
});
await app.listen({ port: Number(port), host: "127.0.0.1" });

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => app.close().then(() => process.exit(0)));
