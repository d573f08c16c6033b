// `pnpm admin <command>`: see commands.ts for the commands, settings.ts for what the environment names.
import { runAdmin } from "./run.js";

process.exitCode = await runAdmin(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
