// What the Pi Developer Portal reads from the app's domain: the validation key it issued
// (PI_VALIDATION_KEY), at /validation-key.txt, proving that the domain is the app's.
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors.js";

export const VALIDATION_KEY_PATH = "/validation-key.txt";

export function registerPiPortal(app: FastifyInstance, validationKey: string | undefined) {
  app.get(VALIDATION_KEY_PATH, async (_request, reply) => {
    if (!validationKey)
      return reply.code(404).send(errorBody(404, "No Pi validation key is configured (PI_VALIDATION_KEY)"));
    return reply.type("text/plain; charset=utf-8").header("Cache-Control", "no-cache").send(validationKey);
  });
}
