import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerOf, type Context, type Services, type SessionControl } from "@purplebeats/contracts";
import { requestOrigin } from "./http/session.js";

/** The outer context: reads the request (the session layer has resolved the user) and builds the inner one. */
export type ContextFactory = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

export function createContextFactory(
  services: Services,
  sessionControl: (request: FastifyRequest, reply: FastifyReply) => SessionControl,
): ContextFactory {
  return async (request, reply) => ({
    services,
    user: request.sessionUser,
    session: sessionControl(request, reply),
    adminToken: bearerOf(request.headers.authorization),
    clientIp: request.ip,
    origin: requestOrigin(request),
  });
}
