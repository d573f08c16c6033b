// The compiled catalogs (build/catalogs.ts makes these modules from locales/<locale>/messages.json).
declare module "virtual:purplebeats-catalog/*" {
  import type { Messages } from "@lingui/core";
  const messages: Messages;
  export default messages;
}
