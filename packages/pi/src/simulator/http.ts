// Small request helpers shared by the simulator's routes.
import type { FastifyRequest } from "fastify";
import { SimulatorError } from "./state.js";

function authorization(request: FastifyRequest, scheme: "Bearer" | "Key"): string | undefined {
  const header = request.headers.authorization ?? "";
  const [given, ...rest] = header.trim().split(/\s+/);
  return given?.toLowerCase() === scheme.toLowerCase() && rest.length === 1 ? rest[0] : undefined;
}

/** A user's access token from `Authorization: Bearer <token>`, if the caller sent one. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  return authorization(request, "Bearer");
}

/** A user's access token from `Authorization: Bearer <token>`, or 401. */
export function requireAccessToken(request: FastifyRequest): string {
  const token = authorization(request, "Bearer");
  if (!token)
    throw new SimulatorError(401, "unauthorized", "This endpoint requires Access Token authorization");
  return token;
}

/** `Authorization: Key <apiKey>` with the simulator's key, or 401. */
export function requireServerKey(request: FastifyRequest, apiKey: string): void {
  if (authorization(request, "Key") !== apiKey) {
    throw new SimulatorError(401, "unauthorized", "This endpoint requires a valid Server API Key");
  }
}

export function paymentIdParam(request: FastifyRequest): string {
  return (request.params as { paymentId: string }).paymentId;
}
