// A path the API knows, asked with a method it does not answer there: 405 with Allow, not 404 (RFC 9110).
// Fastify answers 404 for both; this keeps a table of each route's methods, matched on the decoded path
// as Fastify's router matches it.
import type { FastifyInstance } from "fastify";

interface RouteMethods {
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

/** `/api/songs/:songId/stream` → a regex of the paths it handles (a parameter is one path segment). */
function patternOf(url: string): RegExp {
  const source = url
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : escape(part)))
    .join("/");
  return new RegExp(`^${source}$`);
}

/** The path as the router sees it: percent-decoded (null when that fails: Fastify refuses it as 400). */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split("?")[0] ?? "");
  } catch {
    return null;
  }
}

/** Records every route's methods (call before routes are added); `allowed` answers a path's methods. */
export function trackRouteMethods(app: FastifyInstance) {
  const routes = new Map<string, RouteMethods>();
  app.addHook("onRoute", (route) => {
    // The web app's catch-all answers any GET; it says nothing about which methods an API path takes.
    if (route.url === "/*" || route.url === "*") return;
    let entry = routes.get(route.url);
    if (!entry) {
      entry = { pattern: patternOf(route.url), methods: new Set() };
      routes.set(route.url, entry);
    }
    for (const method of [route.method].flat()) entry.methods.add(method);
    // Fastify answers HEAD for every GET route.
    if (entry.methods.has("GET")) entry.methods.add("HEAD");
  });
  return {
    /** The methods some route takes at this URL, in a stable order; empty when no route matches it. */
    allowed(url: string): string[] {
      const path = decodedPath(url);
      if (path === null) return [];
      const methods = new Set<string>();
      for (const route of routes.values())
        if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
      return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].filter((m) => methods.has(m));
    },
  };
}
