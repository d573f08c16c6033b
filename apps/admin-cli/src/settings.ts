// Where the server is and the token to call it with, from the environment.
import { z } from "zod";
import { adminTokenSchema } from "@purplebeats/contracts/schemas";

export const DEFAULT_URL = "http://localhost:3000";

const settingsSchema = z.object({
  PURPLEBEATS_URL: z
    .url({ error: "PURPLEBEATS_URL must be the server's address, e.g. http://localhost:3000" })
    .default(DEFAULT_URL),
  PURPLEBEATS_ADMIN_TOKEN: z
    .string({
      error:
        "Set PURPLEBEATS_ADMIN_TOKEN to an admin API token (admin dashboard → API tokens, or admin:token create)",
    })
    .pipe(adminTokenSchema),
});

export interface Settings {
  url: string;
  token: string;
}

/** The settings, or one sentence saying what is missing or wrong. */
export function readSettings(env: Record<string, string | undefined>): Settings | { error: string } {
  const parsed = settingsSchema.safeParse({
    PURPLEBEATS_URL: env.PURPLEBEATS_URL || undefined,
    PURPLEBEATS_ADMIN_TOKEN: env.PURPLEBEATS_ADMIN_TOKEN || undefined,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid settings" };
  return { url: parsed.data.PURPLEBEATS_URL, token: parsed.data.PURPLEBEATS_ADMIN_TOKEN };
}
