// The fixtures' type, apart from the link that answers from them (trpc-fixtures.ts), so that a feature's
// fixtures (account/test-fixtures.ts) can be typed without importing that link.
import type { RouterInputs, RouterOutputs } from "@purplebeats/contracts";

type MaybePromise<T> = T | Promise<T>;

/** Per procedure, what it responds: `{ songs: { list: (input) => page(...) } }`. */
export type Fixtures = {
  [Namespace in keyof RouterOutputs]?: {
    [Procedure in keyof RouterOutputs[Namespace]]?: (
      input: RouterInputs[Namespace][Procedure],
    ) => MaybePromise<RouterOutputs[Namespace][Procedure]>;
  };
};
