// One admin command against a running server, through the typed client every internal app uses.
import { createPurpleBeatsClient, type PurpleBeatsClient } from "@purplebeats/contracts/client";
import { LOCALES } from "@purplebeats/contracts/constants";
import { parseCommand, usage, type Command } from "./commands.js";
import { formatScan, formatStats, formatUser } from "./format.js";
import { outputLocale, languageFlag } from "./i18n/language.js";
import { cliTranslator, inEnglish, type CliTranslate } from "./i18n/translator.js";
import { readSettings } from "./settings.js";

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command the arguments name; the exit code (0 done, 1 the server refused or failed, 2 usage). */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  output: Output,
  fetchImpl?: typeof fetch,
): Promise<number> {
  const locale = outputLocale(argv, env);
  if (locale === null) {
    const words = { language: languageFlag(argv) ?? "", locales: LOCALES.join(", ") };
    output.err(`${inEnglish("cli.unknownLanguage", words)}\n\n${usage()}`);
    return 2;
  }
  const t = cliTranslator(locale);
  const command = parseCommand(argv, t);
  if ("error" in command) {
    output.err(`${command.error}\n\n${usage(t)}`);
    return 2;
  }
  if (command.name === "help") {
    output.out(usage(t));
    return 0;
  }
  const settings = readSettings(env, t);
  if ("error" in settings) {
    output.err(settings.error);
    return 2;
  }
  const client = createPurpleBeatsClient({
    baseUrl: settings.url,
    adminToken: settings.token,
    fetch: fetchImpl,
  });
  try {
    for (const line of await execute(client, command, t)) output.out(line);
    return 0;
  } catch (error) {
    output.err(describeFailure(error, settings.url, t));
    return 1;
  }
}

async function execute(
  client: PurpleBeatsClient,
  command: Exclude<Command, { name: "help" }>,
  t: CliTranslate,
) {
  switch (command.name) {
    case "stats":
      return formatStats(await client.admin.stats.query(), t);
    case "users": {
      const lines: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.admin.users.query({
          limit: Math.min(100, command.limit - lines.length),
          cursor,
          ...(command.premium ? { premium: true } : {}),
        });
        lines.push(...page.items.map((user) => formatUser(user, t)));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && lines.length < command.limit);
      if (lines.length === 0) lines.push(t(command.premium ? "cli.users.noPremium" : "cli.users.none"));
      return lines;
    }
    case "scan":
      return formatScan(await client.admin.scanLibrary.mutate(), t);
  }
}

/** The server's own sentence with its status, or that the server could not be reached. */
function describeFailure(error: unknown, url: string, t: CliTranslate): string {
  if (error instanceof Error && "data" in error) {
    const data = error.data as { httpStatus?: number } | undefined;
    if (data?.httpStatus) return `${error.message} (HTTP ${data.httpStatus})`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return t("cli.unreachable", { url, message });
}
