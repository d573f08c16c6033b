import type { FastifyRequest } from "fastify";
import type { Context, Services } from "@purplebeats/contracts";

/** The outer context: reads the request and builds the inner context the procedures see. */
export type ContextFactory = (request: FastifyRequest) => Promise<Context>;

export function createContextFactory(services: Services): ContextFactory {
  return async () => ({ services, user: null });
}
