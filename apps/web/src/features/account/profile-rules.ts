// SPEC.md section 5's profile rules, from the API contract's constants (the zod-free entry, so the
// schemas stay out of the browser); profile-rules.test.ts checks the rule against the contract's schema.
import {
  HANDLE_CHARACTERS,
  HANDLE_MAX,
  HANDLE_MIN,
  HANDLE_TOO_LONG,
  HANDLE_TOO_SHORT,
  PROFILE_NAME_MAX,
  PROFILE_NAME_REQUIRED,
  PROFILE_NAME_TOO_LONG,
} from "@purplebeats/contracts/constants";

/** SPEC.md sections 5 and 9: profile pictures up to 5 MB. */
export const AVATAR_MAX_MB = 5;

/** The Display Name rule: trimmed, 1 to 50 characters. The message, or null when the name is fine. */
export function validateProfileName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 1) return PROFILE_NAME_REQUIRED;
  if (trimmed.length > PROFILE_NAME_MAX) return PROFILE_NAME_TOO_LONG;
  return null;
}

/** The handle rule, as the contract's handleSchema: trimmed, lower-cased, 3-30 of [a-z0-9_.]. */
export function validateHandle(handle: string): string | null {
  const normal = handle.trim().toLowerCase();
  if (normal.length < HANDLE_MIN) return HANDLE_TOO_SHORT;
  if (normal.length > HANDLE_MAX) return HANDLE_TOO_LONG;
  if (!/^[a-z0-9_.]+$/.test(normal)) return HANDLE_CHARACTERS;
  return null;
}
