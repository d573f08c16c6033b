export * from "./common.js";
export * from "./catalog.js";
export * from "./errors.js";
export * from "./accounts.js";
export * from "./premium.js";
export * from "./library.js";
export * from "./media.js";
export * from "./admin-catalog.js";
