// A forked child does not inherit a test runner's TypeScript transform (vitest), so the child registers tsx
// itself before loading the TypeScript program. The API's build emits media-child.ts under this name.
import { register } from "tsx/esm/api";

register();
await import("./media-child.ts");
