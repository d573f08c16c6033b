// Where the Prometheus endpoint is served. Never public by default: its own port on loopback
// (METRICS_PORT, METRICS_HOST to widen it), and/or the main port for whoever sends METRICS_TOKEN.
import { z } from "zod";

/** The environment variables of the metrics endpoint (part of config/env.ts's schema). */
export const METRICS_ENV = {
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  METRICS_HOST: z
    .string()
    .optional()
    .transform((v) => v || "127.0.0.1"),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters (a long random secret)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
};

export interface MetricsSettings {
  /** A port of its own for /metrics (no token asked there); unset: none. */
  port: number | undefined;
  /** The address that port listens on (loopback unless told otherwise). */
  host: string;
  /** /metrics on the main port for `Authorization: Bearer <token>`; unset: the main port answers 404. */
  token: string | undefined;
}

export function metricsSettings(
  e: { METRICS_PORT?: number; METRICS_HOST: string; METRICS_TOKEN?: string },
  mainPort: number,
): MetricsSettings {
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === mainPort)
    throw new Error("Invalid configuration: METRICS_PORT must differ from PORT");
  return { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN };
}
