import type { TRPCRouterRecord } from "@trpc/server";
import {
  adminTokenRefInput,
  adminUsersInput,
  createAdminTokenInput,
  setAdminRoleInput,
  piLoginInput,
  profileTopInput,
  updateAvatarInput,
  updateProfileSettingsInput,
  listeningSettingsSchema,
  updateProfileInput,
  userPathInput,
} from "../schemas/index.js";
import { libraryAdminProcedures } from "./media.js";
import { catalogAdminProcedures } from "./admin-catalog.js";
import {
  adminProcedure,
  adminSessionProcedure,
  assertSelf,
  authedProcedure,
  publicProcedure,
  rateLimited,
} from "../trpc.js";

export const authRouter = {
  me: publicProcedure.query(({ ctx }) => (ctx.user ? ctx.services.accounts.me(ctx.user.id) : null)),
  /** Starts a guest session; a caller who already has a session keeps it. */
  guest: publicProcedure
    .use(rateLimited("signin"))
    .meta({ catalogWrite: false })
    .mutation(async ({ ctx }) => {
      // A session whose account is gone (deleted meanwhile) starts a new guest, as a signed-out caller does.
      const current = ctx.user ? await ctx.services.accounts.me(ctx.user.id) : null;
      if (current) return current;
      const guest = await ctx.services.accounts.createGuest();
      await ctx.session.start(guest.uid);
      return guest;
    }),
  piLogin: publicProcedure
    .use(rateLimited("signin"))
    .input(piLoginInput)
    .meta({ catalogWrite: true })
    .mutation(async ({ ctx, input }) => {
      const guestId = ctx.user?.isGuest ? ctx.user.id : null;
      const user = await ctx.services.accounts.piLogin(input.accessToken, guestId);
      await ctx.session.start(user.uid);
      return user;
    }),
  logout: publicProcedure.meta({ catalogWrite: false }).mutation(async ({ ctx }) => {
    await ctx.session.end();
    return { loggedOut: true as const };
  }),
} satisfies TRPCRouterRecord;

export const profileRouter = {
  get: authedProcedure.input(userPathInput).query(({ ctx, input }) => {
    assertSelf(ctx.user, input.userId);
    return ctx.services.profiles.get(input.userId);
  }),
  update: authedProcedure
    .input(updateProfileInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      assertSelf(ctx.user, input.userId);
      return ctx.services.profiles.updateName(input.userId, input.name);
    }),
  updateAvatar: authedProcedure
    .input(updateAvatarInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      assertSelf(ctx.user, input.userId);
      return ctx.services.profiles.updateAvatar(input.userId, input.avatarURL);
    }),
  stats: authedProcedure.input(userPathInput).query(({ ctx, input }) => {
    assertSelf(ctx.user, input.userId);
    return ctx.services.profiles.stats(input.userId);
  }),
  /** The handle (409 when taken), whether the profile is private, and the language the listener chose. */
  updateSettings: authedProcedure
    .use(rateLimited("follow"))
    .input(updateProfileSettingsInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      assertSelf(ctx.user, input.userId);
      return ctx.services.profiles.updateSettings(input.userId, {
        handle: input.handle,
        isPrivate: input.isPrivate,
        language: input.language,
      });
    }),
  /** The caller's listening settings (quality, normalisation, gapless, crossfade, the equalizer); null: never set. */
  listeningSettings: authedProcedure.query(({ ctx }) => ctx.services.profiles.listeningSettings(ctx.user.id)),
  /** Replaces them whole, as the settings screen holds them. */
  updateListeningSettings: authedProcedure
    .use(rateLimited("follow"))
    .input(listeningSettingsSchema)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.profiles.updateListeningSettings(ctx.user.id, input)),
  /** Top tracks and artists over the last 4 weeks, 6 months or all time. */
  top: authedProcedure.input(profileTopInput).query(({ ctx, input }) => {
    assertSelf(ctx.user, input.userId);
    return ctx.services.profiles.top(input.userId, input.range);
  }),
} satisfies TRPCRouterRecord;

export const uploadsRouter = {
  grant: authedProcedure
    .use(rateLimited("upload"))
    .meta({ catalogWrite: false })
    .mutation(({ ctx }) => ctx.services.uploads.grant(ctx.user.id, ctx.origin, ctx.clientIp)),
} satisfies TRPCRouterRecord;

export const adminRouter = {
  stats: adminProcedure.query(({ ctx }) => ctx.services.admin.stats()),
  users: adminProcedure.input(adminUsersInput).query(({ ctx, input }) => ctx.services.admin.users(input)),
  // Roles and admin API tokens: changed from an admin's session (the dashboard), never by a token, so
  // revoking a token ends all it could do.
  setAdminRole: adminSessionProcedure
    .input(setAdminRoleInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.admin.setAdminRole(input.userId, input.isAdmin)),
  apiTokens: adminSessionProcedure.query(({ ctx }) => ctx.services.adminTokens.list()),
  createApiToken: adminSessionProcedure
    .input(createAdminTokenInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.adminTokens.create(ctx.user.id, input)),
  revokeApiToken: adminSessionProcedure
    .input(adminTokenRefInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.adminTokens.revoke(input.id)),
  ...libraryAdminProcedures,
  ...catalogAdminProcedures,
} satisfies TRPCRouterRecord;
