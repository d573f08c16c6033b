// A picture at one of ART_WIDTHS when asked with ?w=<width> (the web app's <img srcset>), for the catalog's
// pictures (/media/...) and the uploaded ones (/objects/...): the same query, checked by the contract's
// schema, and the same answer; without w the request goes on to the stored picture as before.
import type { FastifyInstance, FastifyReply } from "fastify";
import { sizedArtQuery, type ArtWidth } from "@purplebeats/contracts/schemas";
import { requestHook } from "../../infra/lib/plain-hooks.js";
import type { SizedArt } from "../../infra/storage/sized-art.js";
import { errorBody } from "./errors.js";

export interface SizedPictureRoute {
  /** The paths answered sized (a whole pathname: the prefix and one plain file name). */
  path: RegExp;
  /** The paths' prefix: the pathname without it is the picture's name in `sized`. */
  prefix: "/media/" | "/objects/";
  sized: SizedArt;
  /**
   * Whether the picture is still there to be sent (an upload may have been swept since its sizes were made):
   * when not, the answer is 404 whatever this instance kept.
   */
  stillStored?(name: string): Promise<boolean>;
  /** Headers of a sized answer beside its type: caching, and whatever the stored picture is sent with. */
  headers(reply: FastifyReply, name: string): void;
  /** The message of a 502 when `error` says the picture's storage did not answer; null for any other error. */
  unavailable?(error: unknown): string | null;
}

const NO_PICTURE = errorBody(404, "No such picture");

export function registerSizedPictures(app: FastifyInstance, route: SizedPictureRoute) {
  async function answer(reply: FastifyReply, name: string, width: ArtWidth) {
    try {
      if (route.stillStored && !(await route.stillStored(name))) return reply.code(404).send(NO_PICTURE);
      const picture = await route.sized.get(name, width);
      if (!picture) return reply.code(404).send(NO_PICTURE);
      route.headers(reply, name);
      return reply.type(picture.contentType).header("X-Content-Type-Options", "nosniff").send(picture.bytes);
    } catch (error) {
      const down = route.unavailable?.(error);
      if (!down) throw error;
      reply.log.warn({ err: error }, "picture storage unavailable");
      return reply.code(502).send(errorBody(502, down));
    }
  }
  // A plain hook (plain-hooks.ts): every other request passes with a look at its path.
  app.addHook(
    "onRequest",
    requestHook((request, reply) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      const [pathname = "", search] = request.url.split("?", 2);
      if (!search || !route.path.test(pathname)) return;
      const query = request.query as Record<string, unknown>;
      if (!("w" in query)) return;
      const parsed = sizedArtQuery.safeParse(query);
      if (!parsed.success)
        return reply.code(400).send(errorBody(400, parsed.error.issues[0]?.message ?? parsed.error.message));
      return answer(reply, pathname.slice(route.prefix.length), parsed.data.w);
    }),
  );
}
