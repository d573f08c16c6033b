// The contract's constants are part of the schemas' entry too (the web imports them alone: ../constants.ts).
export * from "../constants.js";
export * from "./common.js";
export * from "./catalog.js";
export * from "./errors.js";
export * from "./accounts.js";
export * from "./premium.js";
export * from "./library.js";
export * from "./media.js";
export * from "./admin-catalog.js";
export * from "./admin-tokens.js";
export * from "./legal.js";
export * from "./social.js";
export * from "./inbox.js";
export * from "./my-account.js";
export * from "./ads.js";
export * from "./activity.js";
export * from "./news.js";
