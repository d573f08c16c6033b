// The words for a release's kind and review status, shared by the artist's list, the upload form and the dashboard's review.
import type { ReleaseKind } from "@purplebeats/contracts/release-rules";
import type { ReleaseStatus } from "@purplebeats/contracts/schemas";
import type { MessageKey } from "../i18n";

export const KIND_WORDS = {
  single: "releases.kind.single",
  ep: "releases.kind.ep",
  album: "releases.kind.album",
} as const satisfies Record<ReleaseKind, MessageKey>;

export const RELEASE_STATUS_WORDS = {
  pending: "releases.status.pending",
  approved: "releases.status.approved",
  refused: "releases.status.refused",
  taken_down: "releases.status.taken_down",
} as const satisfies Record<ReleaseStatus, MessageKey>;
