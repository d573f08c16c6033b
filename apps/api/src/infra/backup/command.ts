// What the backup commands share: paths as the operator typed them, and one-line refusals.
import { BackupRefused } from "./backup.js";

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
