import type { TRPCRouterRecord } from "@trpc/server";
import { artistFollowInput, followListInput, handleInput } from "../schemas/index.js";
import { authedProcedure, publicProcedure, rateLimited } from "../trpc.js";

/** Following is for every listener, guests included; a profile is public unless its owner made it private. */
const followWrite = authedProcedure.use(rateLimited("follow")).meta({ catalogWrite: false });

export const followsRouter = {
  /** A listener's public profile; a private one shows others only its name and picture. */
  profile: publicProcedure
    .input(handleInput)
    .query(({ ctx, input }) => ctx.services.follows.profile(input.handle, ctx.user)),
  /** Who the listener follows, listeners and artists, newest first. */
  following: publicProcedure
    .input(followListInput)
    .query(({ ctx, input }) => ctx.services.follows.following(input.handle, ctx.user, input)),
  followers: publicProcedure
    .input(followListInput)
    .query(({ ctx, input }) => ctx.services.follows.followers(input.handle, ctx.user, input)),
  /** Idempotent; following yourself is refused (400). */
  followListener: followWrite
    .input(handleInput)
    .mutation(({ ctx, input }) => ctx.services.follows.followListener(ctx.user.id, input.handle)),
  unfollowListener: followWrite
    .input(handleInput)
    .mutation(({ ctx, input }) => ctx.services.follows.unfollowListener(ctx.user.id, input.handle)),
  artist: publicProcedure
    .input(artistFollowInput)
    .query(({ ctx, input }) => ctx.services.follows.artist(input.id, ctx.user?.id ?? null)),
  followArtist: followWrite
    .input(artistFollowInput)
    .mutation(({ ctx, input }) => ctx.services.follows.followArtist(ctx.user.id, input.id)),
  unfollowArtist: followWrite
    .input(artistFollowInput)
    .mutation(({ ctx, input }) => ctx.services.follows.unfollowArtist(ctx.user.id, input.id)),
} satisfies TRPCRouterRecord;
