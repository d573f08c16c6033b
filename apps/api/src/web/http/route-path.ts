// Checks that depend on the path (session loading, the cross-site rule, JSON bodies) look at the route that
// will handle the request: the router decodes `%61pi` to `api`, so the raw URL may not start as the route does.
import type { FastifyRequest } from "fastify";

/** The matched route's pattern (`/api/songs/:songId`), or undefined when no route handles the request. */
export const handlingRoute = (request: FastifyRequest): string | undefined => request.routeOptions.url;
