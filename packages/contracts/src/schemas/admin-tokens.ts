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
  return match ? match[1]! : null;
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

export interface AdminTokenDto {
  id: string;
  name: string;
  scope: AdminTokenScope;
  /** The admin who created it; the token acts as them. */
  userId: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What creating a token responds with: the token itself appears here once and is never stored. */
export interface CreatedAdminTokenDto extends AdminTokenDto {
  token: string;
}

export interface AdminRoleDto {
  userId: string;
  isAdmin: boolean;
}
