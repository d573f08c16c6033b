// Stable identifiers: the same catalog entry gets the same slug and uuid on every machine and
// every run, so that seeding is idempotent and links (URLs, playlist entries) never go stale.
import { createHash } from "node:crypto";

/** 'Étude for a Sleeping Heron' → 'etude-for-a-sleeping-heron'. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A uuid derived from a name (sha1, laid out like an RFC 4122 version-5 uuid). */
export function stableUuid(name: string): string {
  const bytes = createHash("sha1").update(`purplebeats:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash("sha256").update(data).digest("hex");
