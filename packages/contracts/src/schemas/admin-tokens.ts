// Admin API tokens: what the admin command line (apps/admin-cli) and other internal tools send as
// `Authorization: Bearer <token>`. They open admin procedures only, never a listener's data or payments.
import { z } from "zod";
import { typedText, userIdSchema, uuidSchema } from "./common.js";

/** read: admin queries (stats, users, the latest scan); manage: every admin procedure, writes too. */
export const ADMIN_TOKEN_SCOPES = ["read", "manage"] as const;
export type AdminTokenScope = (typeof ADMIN_TOKEN_SCOPES)[number];
export const adminTokenScopeSchema = z.enum(ADMIN_TOKEN_SCOPES, {
  error: `scope must be one of ${ADMIN_TOKEN_SCOPES.join(", ")}`,
});

/** The token as issued: a fixed prefix (easy to spot in a leaked log) and 32 random bytes, base64url. */
export const ADMIN_TOKEN_PREFIX = "pb_admin_";
export const adminTokenSchema = z
  .string()
  .regex(new RegExp(`^${ADMIN_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`), "Not a PurpleBeats admin API token");

/** The token of an `Authorization: Bearer <token>` header; null when the header names no bearer. */
export function bearerOf(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export const createAdminTokenInput = z.object({
  name: typedText("name must be text")
    .min(1, "name is required (what the token is for, e.g. 'laptop CLI')")
    .max(60, "name must be at most 60 characters"),
  scope: adminTokenScopeSchema,
});
export type CreateAdminTokenInput = z.infer<typeof createAdminTokenInput>;

export const adminTokenRefInput = z.object({ id: uuidSchema("id") });

export const setAdminRoleInput = z.object({
  userId: userIdSchema,
  isAdmin: z.boolean({ error: "isAdmin must be true or false" }).default(true),
});

export const adminTokenDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: adminTokenScopeSchema,
  /** The admin who created it; the token acts as them. */
  userId: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AdminTokenDto = z.infer<typeof adminTokenDtoSchema>;

/** What creating a token responds with: the token itself appears here once and is never stored. */
export const createdAdminTokenSchema = adminTokenDtoSchema.extend({ token: z.string() });
export type CreatedAdminTokenDto = z.infer<typeof createdAdminTokenSchema>;
export const revokedAdminTokenSchema = z.object({ revoked: z.literal(true) });

export const adminRoleSchema = z.object({ userId: z.string(), isAdmin: z.boolean() });
export type AdminRoleDto = z.infer<typeof adminRoleSchema>;
