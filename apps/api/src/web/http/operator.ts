// `pnpm catalog:scan` beside a running server on the embedded database: PGlite cannot be opened by two
// processes, so the script asks the server. The server writes a random token into its data folder (only
// the operator's account reads it) and answers these two loopback-only routes for whoever sends it back.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MediaService } from "@purplebeats/contracts";
import { errorBody } from "./errors.js";

export const OPERATOR_TOKEN_FILE = "operator-token";
export const OPERATOR_HEADER = "x-purplebeats-operator";
export const OPERATOR_SCAN_PATH = "/api/operator/library/scan";
export const OPERATOR_REPORT_PATH = "/api/operator/library/scans/latest";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export async function registerOperatorRoutes(app: FastifyInstance, dataDir: string, media: MediaService) {
  const token = randomBytes(32).toString("hex");
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, OPERATOR_TOKEN_FILE), token, { mode: 0o600 });
  const allowed = (request: FastifyRequest) => {
    const sent = Buffer.from(String(request.headers[OPERATOR_HEADER] ?? ""));
    const expected = Buffer.from(token);
    return (
      LOOPBACK.has(request.socket.remoteAddress ?? "") &&
      sent.length === expected.length &&
      timingSafeEqual(sent, expected)
    );
  };
  app.post(OPERATOR_SCAN_PATH, async (request, reply) => {
    if (!allowed(request)) return reply.code(403).send(errorBody(403, "Operators only"));
    const scan = await media.startScan();
    if (!scan) return reply.code(412).send(errorBody(412, "No music folder is configured (set MUSIC_DIR)"));
    return reply.code(202).send(scan);
  });
  app.get(OPERATOR_REPORT_PATH, async (request, reply) => {
    if (!allowed(request)) return reply.code(403).send(errorBody(403, "Operators only"));
    const scan = await media.latestScan();
    return scan ? scan : reply.code(404).send(errorBody(404, "No library scan yet"));
  });
}
