// What the backup commands share: paths as the operator typed them, and one-line refusals.
import path from "node:path";
import { BackupRefused } from "./backup.js";

/** A path relative to the folder the operator ran pnpm in (pnpm runs the script in apps/api). */
export const fromCallerDir = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

/** Runs a command: a refusal or a setting to fix prints one line and exits 1; anything else its stack. */
export function runCommand(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const oneLine =
        error instanceof BackupRefused || /^Invalid configuration/.test(String((error as Error)?.message));
      console.error(oneLine ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
