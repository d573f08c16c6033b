// SPEC.md section 5's profile rules, as the API contract states them (@purplebeats/contracts/schemas,
// accounts.ts), copied to keep zod out of the browser; profile-rules.test.ts keeps them equal.

export const PROFILE_NAME_MAX = 50;
export const NAME_REQUIRED = "Name is required";
export const NAME_TOO_LONG = "Name must be less than 50 characters";
/** SPEC.md sections 5 and 9: profile pictures up to 5 MB. */
export const AVATAR_MAX_MB = 5;

/** The Display Name rule: trimmed, 1 to 50 characters. The message, or null when the name is fine. */
export function validateProfileName(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length < 1) return NAME_REQUIRED;
  if (trimmed.length > PROFILE_NAME_MAX) return NAME_TOO_LONG;
  return null;
}
