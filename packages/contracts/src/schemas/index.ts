export * from "./common.js";
export * from "./catalog.js";
export * from "./errors.js";
