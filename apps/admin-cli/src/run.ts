// One admin command against a running server, through the typed client every internal app uses.
import { createPurpleBeatsClient, type PurpleBeatsClient } from "@purplebeats/contracts/client";
import { parseCommand, USAGE, type Command } from "./commands.js";
import { formatScan, formatStats, formatUser } from "./format.js";
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
  const command = parseCommand(argv);
  if ("error" in command) {
    output.err(`${command.error}\n\n${USAGE}`);
    return 2;
  }
  if (command.name === "help") {
    output.out(USAGE);
    return 0;
  }
  const settings = readSettings(env);
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
    for (const line of await execute(client, command)) output.out(line);
    return 0;
  } catch (error) {
    output.err(describeFailure(error, settings.url));
    return 1;
  }
}

async function execute(client: PurpleBeatsClient, command: Exclude<Command, { name: "help" }>) {
  switch (command.name) {
    case "stats":
      return formatStats(await client.admin.stats.query());
    case "users": {
      const lines: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.admin.users.query({
          limit: Math.min(100, command.limit - lines.length),
          cursor,
          ...(command.premium ? { premium: true } : {}),
        });
        lines.push(...page.items.map(formatUser));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && lines.length < command.limit);
      if (lines.length === 0) lines.push(command.premium ? "No premium listeners." : "No listeners yet.");
      return lines;
    }
    case "scan":
      return formatScan(await client.admin.scanLibrary.mutate());
  }
}

/** The server's own sentence with its status, or that the server could not be reached. */
function describeFailure(error: unknown, url: string): string {
  if (error instanceof Error && "data" in error) {
    const data = error.data as { httpStatus?: number } | undefined;
    if (data?.httpStatus) return `${error.message} (HTTP ${data.httpStatus})`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `Could not reach ${url} (${message}). Is the server running?`;
}
