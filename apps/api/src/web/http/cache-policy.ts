// API responses are the caller's (their session, their likes, their membership, the 'liked' marks in a list):
// no browser or shared cache may keep or hand them to anyone else. A route with its own policy (a stream,
// an uploaded object) sets it itself.
import type { FastifyInstance } from "fastify";
import { handlingRoute } from "./route-path.js";
import { sendHook } from "../../infra/lib/plain-hooks.js";

export const PER_USER_CACHE_CONTROL = "private, no-store";
const API_ROUTES = ["/api/", "/trpc/"];

export function registerCachePolicy(app: FastifyInstance) {
  app.addHook(
    "onSend",
    sendHook((request, reply) => {
      const route = handlingRoute(request);
      if (!route || !API_ROUTES.some((prefix) => route.startsWith(prefix))) return;
      if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", PER_USER_CACHE_CONTROL);
    }),
  );
}
