// Admin API tokens: issued once, kept as their SHA-256, scoped, revocable.
import { createHash, randomBytes } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { IsNull, type DataSource } from "typeorm";
import {
  ADMIN_TOKEN_PREFIX,
  adminTokenScopeSchema,
  type AdminTokenDto,
  type AdminTokenService,
} from "@purplebeats/contracts";
import { AdminApiToken, User } from "@purplebeats/db";

export const hashAdminToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** 32 random bytes: 43 base64url characters after the prefix (contracts' adminTokenSchema). */
const newToken = () => `${ADMIN_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

function toDto(row: AdminApiToken): AdminTokenDto {
  return {
    id: row.id,
    name: row.name,
    scope: adminTokenScopeSchema.parse(row.scope),
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** `adminUids`: the configured admins (ADMIN_UIDS), who are admins whatever the users table says. */
export function createAdminTokenService(db: DataSource, adminUids: ReadonlySet<string>): AdminTokenService {
  const tokens = db.getRepository(AdminApiToken);
  const users = db.getRepository(User);
  const isAdmin = (user: User) => user.isAdmin || adminUids.has(user.id);

  return {
    async create(userId, input) {
      const user = await users.findOneBy({ id: userId });
      if (!user) throw new TRPCError({ code: "NOT_FOUND", message: `No user with uid ${userId}` });
      if (!isAdmin(user))
        throw new TRPCError({ code: "FORBIDDEN", message: "Only an admin can hold an admin API token" });
      const token = newToken();
      const row = await tokens.save(
        tokens.create({ tokenHash: hashAdminToken(token), userId, name: input.name, scope: input.scope }),
      );
      return { ...toDto(row), token };
    },

    async list() {
      const rows = await tokens.find({ where: { revokedAt: IsNull() }, order: { createdAt: "DESC" } });
      return rows.map(toDto);
    },

    async revoke(id) {
      const row = await tokens.findOneBy({ id });
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "No admin API token with that id" });
      if (!row.revokedAt) await tokens.update({ id }, { revokedAt: new Date() });
      return { revoked: true };
    },

    async authenticate(token) {
      const row = await tokens.findOne({
        where: { tokenHash: hashAdminToken(token), revokedAt: IsNull() },
        relations: { user: true },
      });
      if (!row?.user) return null;
      await tokens.update({ id: row.id }, { lastUsedAt: new Date() });
      const { user } = row;
      return {
        user: {
          id: user.id,
          username: user.username,
          isGuest: user.kind === "guest",
          isAdmin: isAdmin(user),
        },
        scope: adminTokenScopeSchema.parse(row.scope),
      };
    },
  };
}
