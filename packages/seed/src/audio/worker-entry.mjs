// Worker threads do not inherit a test runner's TypeScript transform (vitest), so the worker
// registers tsx itself before loading the TypeScript worker. Under tsx this is a harmless repeat.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
