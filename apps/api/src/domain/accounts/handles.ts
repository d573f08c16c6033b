// Every profile has a handle (/user/{handle}): made from a name when the profile is made, changed by its
// owner in Edit Profile. The contract's handleSchema is the rule; this makes names fit it.
import { randomBytes } from "node:crypto";
import type { EntityManager } from "typeorm";
import { HANDLE_MAX, HANDLE_MIN } from "@purplebeats/contracts";
import { Profile } from "@purplebeats/db";

/** Room left for a '_' and a suffix when the bare handle is taken. */
const BASE_MAX = HANDLE_MAX - 7;

/** A name as a handle: lower case, [a-z0-9_.] only ("DJ Mårten!" → "djmrten"), at least 3 characters. */
export function handleBase(name: string): string {
  const kept = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9_.]/g, "")
    .slice(0, BASE_MAX);
  return (kept || "listener").padEnd(HANDLE_MIN, "_");
}

const suffix = () => randomBytes(4).toString("hex").slice(0, 6);

/**
 * The base itself when no profile has it, else the base with a random suffix. A race between two
 * sign-ins for the same name ends in the unique constraint; the suffix makes that all but impossible.
 */
export async function freeHandle(tx: EntityManager, name: string): Promise<string> {
  const base = handleBase(name);
  if (!(await tx.existsBy(Profile, { handle: base }))) return base;
  return `${base}_${suffix()}`;
}

export const GUEST_HANDLE_PREFIX = "guest\\_";
/** Guests all share one name; their handles are told apart from the start. */
export const guestHandle = () => `guest_${suffix()}`;
