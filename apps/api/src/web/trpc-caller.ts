import { appRouter, createCallerFactory, type Context } from "@purplebeats/contracts";

const factory = createCallerFactory(appRouter);

/** Calls procedures in process: the REST shim pays no HTTP or serialisation cost of tRPC's own. */
export const createCaller = (ctx: Context) => factory(ctx);
