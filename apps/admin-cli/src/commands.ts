// What the operator typed: `admin stats`, `admin users [--premium] [--limit N]`, `admin scan`; any of them
// with `--lang <language>` (i18n/language.ts reads it).
import { parseArgs } from "node:util";
import { LOCALES } from "@purplebeats/contracts/constants";
import { inEnglish, type CliTranslate } from "./i18n/translator.js";
import { DEFAULT_URL } from "./settings.js";

export type Command =
  | { name: "stats" }
  | { name: "users"; premium: boolean; limit: number }
  | { name: "scan" }
  | { name: "help" };

/** How to use the command line, in the output's language. */
export const usage = (t: CliTranslate = inEnglish) =>
  t("cli.usage", { url: DEFAULT_URL, locales: LOCALES.join(", ") });

/** Why `grant` is gone: no token changes the admin role (the server answers 403), or it would outlive the token. */
export const NO_GRANT = inEnglish("cli.noGrant");

export const DEFAULT_USER_LIMIT = 100;

/** The command, or why the words do not make one. */
export function parseCommand(argv: string[], t: CliTranslate = inEnglish): Command | { error: string } {
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
        lang: { type: "string" },
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
    if (!Number.isInteger(limit) || limit < 1) return { error: t("cli.limitInvalid") };
    return { name: "users", premium: values.premium, limit };
  }
  if (name === "grant") return { error: t("cli.noGrant") };
  return { error: t("cli.unknownCommand", { command: positionals.join(" ") }) };
}
