import { InitialSchema1763766000000 } from "./1763766000000-InitialSchema.js";

/** Every migration, in order. Listed by hand so that bundling and ordering never depend on a glob. */
export const migrations = [InitialSchema1763766000000];
