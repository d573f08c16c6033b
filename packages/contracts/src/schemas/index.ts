export * from "./common.js";
export * from "./catalog.js";
