// Worker threads do not inherit a test runner's TypeScript transform (vitest), so the worker registers
// tsx itself before loading the TypeScript worker. The API's build emits page-worker.ts under this name.
import { register } from "tsx/esm/api";

register();
await import("./page-worker.ts");
