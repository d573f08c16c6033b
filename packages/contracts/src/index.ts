export { appRouter, type AppRouter, type RouterInputs, type RouterOutputs } from "./root.js";
export {
  createCallerFactory,
  router,
  publicProcedure,
  authedProcedure,
  adminProcedure,
  adminSessionProcedure,
  assertSelf,
  premiumProcedure,
  PREMIUM_REQUIRED_MESSAGE,
  rateLimited,
  type Context,
  type SessionControl,
  type SessionUser,
} from "./trpc.js";
export type * from "./services.js";
export { streamRefusal } from "./routers/media.js";
export { activeMembershipSql } from "./active-premium.js";
export * from "./schemas/index.js";
export {
  authKindOf,
  mayChangeCatalog,
  mayServeByUrl,
  procedureFacts,
  sharedProcedures,
  type AuthKind,
  type ProcedureFacts,
} from "./procedure-meta.js";
export type { ProcedureMeta } from "./trpc.js";
export {
  jsonSchemaOf,
  procedureInputJsonSchema,
  procedureInputSchema,
  procedureOutputs,
  procedureType,
  type ProcedureInput,
  type ProcedureOutput,
  type JsonSchema,
  type ProcedurePath,
} from "./procedures.js";
