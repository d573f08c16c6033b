// Paths as the operator typed them on the command line.
import path from "node:path";

/** A path relative to the folder the operator ran pnpm in: pnpm runs the script in apps/api and says where it was called from in INIT_CWD. */
export const fromCallerDir = (p: string, env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(env.INIT_CWD ?? process.cwd(), p);
