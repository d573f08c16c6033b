// Where the server is and the token to call it with, from the environment.
import { z } from "zod";
import { adminTokenSchema } from "@purplebeats/contracts/schemas";
import { inEnglish, type CliTranslate } from "./i18n/translator.js";

export const DEFAULT_URL = "http://localhost:3000";

const settingsSchema = z.object({
  PURPLEBEATS_URL: z.url().default(DEFAULT_URL),
  PURPLEBEATS_ADMIN_TOKEN: z.string().pipe(adminTokenSchema),
});

export interface Settings {
  url: string;
  token: string;
}

/** The settings, or one sentence saying what is missing or wrong. */
export function readSettings(
  env: Record<string, string | undefined>,
  t: CliTranslate = inEnglish,
): Settings | { error: string } {
  const parsed = settingsSchema.safeParse({
    PURPLEBEATS_URL: env.PURPLEBEATS_URL || undefined,
    PURPLEBEATS_ADMIN_TOKEN: env.PURPLEBEATS_ADMIN_TOKEN || undefined,
  });
  if (!parsed.success) {
    // The first problem, said in the output's language (the schemas' own words are English).
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "PURPLEBEATS_URL") return { error: t("cli.settings.badUrl") };
    return { error: t(issue?.code === "invalid_type" ? "cli.settings.noToken" : "cli.settings.badToken") };
  }
  return { url: parsed.data.PURPLEBEATS_URL, token: parsed.data.PURPLEBEATS_ADMIN_TOKEN };
}
