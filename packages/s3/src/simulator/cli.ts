// `pnpm --filter @purplebeats/s3 simulator`: the S3 simulator on its own port, for trying S3 mode by hand
// (env PORT, HOST, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). Objects live in memory.
import { SIMULATOR_DEFAULTS, startS3Simulator } from "./server.js";

const env = process.env;
const simulator = await startS3Simulator({
  port: Number(env.PORT ?? 9000),
  host: env.HOST ?? "127.0.0.1",
  region: env.S3_REGION ?? SIMULATOR_DEFAULTS.region,
  accessKeyId: env.S3_ACCESS_KEY_ID ?? SIMULATOR_DEFAULTS.accessKeyId,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? SIMULATOR_DEFAULTS.secretAccessKey,
  buckets: [env.S3_BUCKET ?? SIMULATOR_DEFAULTS.bucket],
});
console.log(`S3 simulator listening on ${simulator.url}; start the API with:`);
for (const [name, value] of Object.entries(simulator.env())) console.log(`  ${name}=${value}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
