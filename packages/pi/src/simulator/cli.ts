// `pnpm --filter @purplebeats/pi simulator`: the Pi simulator on its own port (env PORT, HOST, PI_API_KEY).
import { z } from "zod";
import { startPiSimulator } from "./server.js";

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    HOST: z.string().min(1).default("127.0.0.1"),
    PI_API_KEY: z.string().min(1).default("pi-simulator-key"),
  })
  .parse(process.env);

const simulator = await startPiSimulator({
  port: env.PORT,
  host: env.HOST,
  apiKey: env.PI_API_KEY,
  logger: true,
});
console.log(`Pi simulator listening on ${simulator.url}`);
console.log(`  Platform API: PI_API_URL=${simulator.url} (Authorization: Key <PI_API_KEY>)`);
// The controls answer pages of their own origin only: a web app mounts the plugin (as the API does at /pi-sim).
console.log(`  Browser SDK:  ${simulator.url}/sdk.js (for pages served from ${simulator.url})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
