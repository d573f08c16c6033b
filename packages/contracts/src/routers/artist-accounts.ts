import type { TRPCRouterRecord } from "@trpc/server";
import { TRPCError } from "@trpc/server";
import { ARTIST_SIGN_IN_REQUIRED } from "../constants.js";
import {
  adminReleasesInput,
  adminTakeDownReleaseInput,
  artistReleasesInput,
  releaseRefInput,
  releaseUploadGrantInput,
  reviewReleaseInput,
  submitReleaseInput,
  updateReleaseInput,
  artistRequestInput,
  artistRequestsInput,
  decideArtistRequestInput,
  isGuestUid,
  payoutInput,
  premiumShareMonthInput,
  premiumSharesInput,
  artistStatsInput,
} from "../schemas/index.js";
import { adminProcedure, authedProcedure, rateLimited } from "../trpc.js";

/** Running an artist needs a Pi account: payouts go to a Pi wallet, and a guest has none. */
const piUserProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.isGuest || isGuestUid(ctx.user.id))
    throw new TRPCError({ code: "FORBIDDEN", message: ARTIST_SIGN_IN_REQUIRED });
  return next();
});

export const artistAccountsRouter = {
  /** Ask to become an artist: a new profile, or a claim of a catalog artist, with evidence. */
  request: piUserProcedure
    .use(rateLimited("account"))
    .input(artistRequestInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.artists.request(ctx.user.id, input)),
  /** The caller's requests and the artists they manage (with each one's balance). */
  mine: authedProcedure.query(({ ctx }) => ctx.services.artists.mine(ctx.user.id)),
  /** The dashboard's list of requests. */
  adminList: adminProcedure
    .input(artistRequestsInput)
    .query(({ ctx, input }) => ctx.services.artists.adminList(input.status)),
  /** Approve (the artist is verified, the requester one of its managers) or refuse. */
  decide: adminProcedure
    .input(decideArtistRequestInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.artists.decide(ctx.user.id, input.id, input.decision)),
  /** The months of the premium share computed so far, newest first, with their inputs. */
  premiumShareMonths: adminProcedure.query(({ ctx }) => ctx.services.premiumShares.months()),
  /** One month's split: its inputs and each artist's row. */
  premiumShareMonth: adminProcedure
    .input(premiumShareMonthInput)
    .query(({ ctx, input }) => ctx.services.premiumShares.month(input.month)),
  /** Splits an ended month now, as its monthly job does; a month split already stays as it is. */
  splitPremiumShareMonth: adminProcedure
    .input(premiumShareMonthInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.premiumShares.splitNow(input.month)),
} satisfies TRPCRouterRecord;

/** The artist studio's money: a manager asks for the artist's balance in Pi, and sees its payouts. */
export const artistStudioRouter = {
  requestPayout: piUserProcedure
    .use(rateLimited("payment"))
    .input(payoutInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.payouts.request(ctx.user.id, input.artistId)),
  payouts: piUserProcedure
    .input(payoutInput)
    .query(({ ctx, input }) => ctx.services.payouts.list(ctx.user.id, input.artistId)),
  /** The artist's monthly premium shares, newest first, each with the month's inputs. */
  premiumShares: piUserProcedure
    .input(premiumSharesInput)
    .query(({ ctx, input }) => ctx.services.premiumShares.ofArtist(ctx.user.id, input.artistId)),
  /** The artist's plays, listeners, followers, listeners' languages and earnings over the last `days`. */
  stats: piUserProcedure
    .input(artistStatsInput)
    .query(({ ctx, input }) => ctx.services.artistStats.ofArtist(ctx.user.id, input.artistId, input.days)),
  /** A single-use upload URL for one audio file of a release (the admins' ingestion pipeline takes it). */
  releaseUploadGrant: piUserProcedure
    .use(rateLimited("upload"))
    .input(releaseUploadGrantInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.releases.uploadGrant(ctx.user.id, input.artistId, ctx.origin)),
  /** Submit a release for review: its songs stay hidden until an admin approves it. */
  submitRelease: piUserProcedure
    .input(submitReleaseInput)
    .meta({ catalogWrite: false })
    .mutation(({ ctx, input }) => ctx.services.releases.submit(ctx.user.id, input)),
  releases: piUserProcedure
    .input(artistReleasesInput)
    .query(({ ctx, input }) => ctx.services.releases.ofArtist(ctx.user.id, input.artistId)),
  updateRelease: piUserProcedure
    .input(updateReleaseInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return ctx.services.releases.update(ctx.user.id, id, changes);
    }),
  takeDownRelease: piUserProcedure
    .input(releaseRefInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.releases.takeDown(ctx.user.id, input.id)),
} satisfies TRPCRouterRecord;

/** The admins' review queue of releases: approve, refuse with a reason, or take one down. */
export const releaseReviewRouter = {
  list: adminProcedure
    .input(adminReleasesInput)
    .query(({ ctx, input }) => ctx.services.releases.adminList(input.status)),
  decide: adminProcedure
    .input(reviewReleaseInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.releases.review(ctx.user.id, input)),
  takeDown: adminProcedure
    .input(adminTakeDownReleaseInput)
    .meta({ catalogWrite: true })
    .mutation(({ ctx, input }) => ctx.services.releases.adminTakeDown(ctx.user.id, input.id, input.reason)),
} satisfies TRPCRouterRecord;
