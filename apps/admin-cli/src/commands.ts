// What the operator typed: `admin stats`, `admin users [--premium] [--limit N]`, `admin scan`.
import { parseArgs } from "node:util";
import { DEFAULT_URL } from "./settings.js";

export type Command =
  | { name: "stats" }
  | { name: "users"; premium: boolean; limit: number }
  | { name: "scan" }
  | { name: "help" };

export const USAGE = `Usage: pnpm admin <command>
  stats                          user statistics (as on the dashboard)
  users [--premium] [--limit N]  listeners, newest first (N at most; 100 unless told)
  scan                           scan the server's music folder (MUSIC_DIR)

Settings: PURPLEBEATS_URL (${DEFAULT_URL} unless set) and PURPLEBEATS_ADMIN_TOKEN, an admin API
token made on the admin dashboard ("API tokens") or with \`pnpm --filter @purplebeats/api admin:token create\`.
A 'read' token runs stats and users; scan needs a 'manage' token. Roles change only on the dashboard
(an admin's own session) or in the server's ADMIN_UIDS: a token may not make admins.`;

/** Why `grant` is gone: no token changes the admin role (the server answers 403), or it would outlive the token. */
export const NO_GRANT =
  "grant is not a command: the admin role changes on the admin dashboard (an admin's own session) or on the server host with `pnpm --filter @purplebeats/api admin:grant <uid> [--revoke]`, never with a token";

export const DEFAULT_USER_LIMIT = 100;

/** The command, or why the words do not make one. */
export function parseCommand(argv: string[]): Command | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        premium: { type: "boolean", default: false },
        // Only so that `grant <uid> --revoke` hears where roles change rather than "unknown option".
        revoke: { type: "boolean", default: false },
        limit: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const { positionals, values } = parsed;
  const [name, ...rest] = positionals;
  if (values.help || name === undefined || name === "help") return { name: "help" };
  if (name === "stats" && rest.length === 0) return { name: "stats" };
  if (name === "scan" && rest.length === 0) return { name: "scan" };
  if (name === "users" && rest.length === 0) {
    const limit = values.limit === undefined ? DEFAULT_USER_LIMIT : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) return { error: "--limit must be a whole number, 1 or more" };
    return { name: "users", premium: values.premium, limit };
  }
  if (name === "grant") return { error: NO_GRANT };
  return { error: `Unknown command: ${positionals.join(" ")}` };
}
