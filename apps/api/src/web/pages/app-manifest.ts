// The web app manifest (https://www.w3.org/TR/appmanifest/): what a phone needs to install PurpleBeats on its
// home screen and open it as an app of its own (standalone, no browser bar). Served here, by the web host,
// rather than as a file of the web build: its name and colours are the product's (DESIGN.md's purple), not
// the build's, and it is the same for every page. Each page links it (apps/web/index.html); the icons are the
// web build's (apps/web/public/icons, drawn by apps/web/scripts/app-icons.mjs).
import type { FastifyInstance } from "fastify";

export const APP_MANIFEST_PATH = "/manifest.webmanifest";

/** DESIGN.md's purple (Mantine's purple.7): the browser's bar and the installed app's title bar. */
export const THEME_COLOR = "#7e22ce";
/** The app's background (Mantine's dark.7): the splash screen while the app starts. */
export const BACKGROUND_COLOR = "#121016";

export const APP_MANIFEST = {
  id: "/",
  name: "PurpleBeats",
  short_name: "PurpleBeats",
  description: "Stream songs, playlists and genres.",
  lang: "en",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ["music", "entertainment"],
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
} as const;

/** GET /manifest.webmanifest: revalidated like the pages that link it, so a changed name or icon shows. */
export function registerAppManifest(app: FastifyInstance): void {
  const body = JSON.stringify(APP_MANIFEST);
  app.get(APP_MANIFEST_PATH, async (_request, reply) =>
    reply.header("Cache-Control", "no-cache").type("application/manifest+json; charset=utf-8").send(body),
  );
}
