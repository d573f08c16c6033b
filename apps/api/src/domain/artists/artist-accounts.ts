// Artist accounts: a Pi user asks to run an artist (a new profile, or a claim of a catalog artist with
// evidence); an admin approves (the artist is verified and the requester becomes one of its managers) or
// refuses. Who may decide is the procedure's (adminProcedure); what a decision writes is here.
import type { DataSource, EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  ARTIST_REQUEST_PENDING,
  type AdminArtistRequestDto,
  type ArtistAccountService,
  type ArtistRequestDto,
} from "@purplebeats/contracts";
import {
  addManager,
  decideRequest,
  insertArtist,
  insertArtistRequest,
  lockRequest,
  managedArtists,
  requestWithRequester,
  requestsOf,
  requestsWithStatus,
  verifyArtist,
} from "../../data/artists.js";
import { isUniqueViolation } from "../../data/pg-errors.js";
import { artistById } from "../../data/catalog-reads.js";
import { matchKey } from "../library/match-key.js";
import { must } from "../../data/must.js";

interface RequestRow {
  id: string;
  kind: string;
  name: string;
  artist_id: string | null;
  evidence: string;
  status: string;
  created_at: Date;
  decided_at: Date | null;
}

const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString());

const toRequest = (row: RequestRow): ArtistRequestDto => ({
  id: row.id,
  kind: row.kind === "claim" ? "claim" : "new",
  name: row.name,
  artistId: row.artist_id,
  evidence: row.evidence,
  status: row.status === "approved" || row.status === "refused" ? row.status : "pending",
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: iso(row.decided_at),
});

const toAdminRequest = (row: RequestRow & { user_id: string; username: string }): AdminArtistRequestDto => ({
  ...toRequest(row),
  requester: { id: row.user_id, username: row.username },
});

const DASHBOARD_LIMIT = 100;

export function createArtistAccountService(db: DataSource): ArtistAccountService {
  return {
    async request(userId, input) {
      let name: string;
      let artistId: string | null = null;
      if (input.artistId !== undefined && input.kind === "claim") {
        const artist = await artistById(db, input.artistId);
        if (!artist) throw new TRPCError({ code: "NOT_FOUND", message: "Artist not found" });
        name = artist.name;
        artistId = artist.id;
      } else {
        // The schema requires a name for a new profile.
        name = input.name ?? "";
      }
      try {
        const row = await insertArtistRequest(db, {
          userId,
          kind: input.kind,
          name,
          bio: input.kind === "new" ? input.bio || null : null,
          artistId,
          evidence: input.evidence,
        });
        return toRequest(must(row, "an INSERT ... RETURNING answers its row"));
      } catch (error) {
        if (isUniqueViolation(error))
          throw new TRPCError({ code: "CONFLICT", message: ARTIST_REQUEST_PENDING });
        throw error;
      }
    },

    async mine(userId) {
      const [requests, managed] = await Promise.all([requestsOf(db, userId), managedArtists(db, userId)]);
      return {
        requests: requests.map(toRequest),
        managed: managed.map((a) => ({ id: a.id, name: a.name, imageUrl: a.image_url, balance: a.balance })),
      };
    },

    async adminList(status) {
      return (await requestsWithStatus(db, status, DASHBOARD_LIMIT)).map(toAdminRequest);
    },

    async decide(adminId, requestId, decision) {
      await db.transaction(async (tx: EntityManager) => {
        const row = await lockRequest(tx, requestId);
        if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Artist request not found" });
        if (row.status !== "pending")
          throw new TRPCError({ code: "CONFLICT", message: `This request was already ${row.status}` });
        if (decision === "refuse") {
          await decideRequest(tx, requestId, { status: "refused", adminId, artistId: row.artist_id });
          return;
        }
        // A claimed artist merged away meanwhile leaves the claim with nothing to approve.
        if (row.kind === "claim" && row.artist_id === null)
          throw new TRPCError({
            code: "CONFLICT",
            message: "The claimed artist is no longer in the catalog",
          });
        const artistId =
          row.artist_id ??
          must(
            await insertArtist(tx, { name: row.name, bio: row.bio, matchKey: matchKey(row.name) }),
            "an INSERT ... RETURNING answers its row",
          ).id;
        await verifyArtist(tx, artistId);
        await addManager(tx, artistId, row.user_id);
        await decideRequest(tx, requestId, { status: "approved", adminId, artistId });
      });
      return toAdminRequest(
        must(await requestWithRequester(db, requestId), "the request was just updated in this transaction"),
      );
    },
  };
}
