// The 'Contact support' form's checks, with the contract's numbers and messages (the server applies the
// same through the zod schema): what the form says before it sends anything.
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_REQUIRED,
  SUPPORT_MESSAGE_TOO_LONG,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_SUBJECT_REQUIRED,
  SUPPORT_SUBJECT_TOO_LONG,
} from "@purplebeats/contracts/constants";

export interface SupportDraft {
  subject: string;
  message: string;
}

export type SupportErrors = Partial<Record<keyof SupportDraft, string>>;

/** The fields' problems, none when it may be sent. */
export function validateSupportDraft({ subject, message }: SupportDraft): SupportErrors {
  const errors: SupportErrors = {};
  const s = subject.trim();
  const m = message.trim();
  if (!s) errors.subject = SUPPORT_SUBJECT_REQUIRED;
  else if (s.length > SUPPORT_SUBJECT_MAX) errors.subject = SUPPORT_SUBJECT_TOO_LONG;
  if (!m) errors.message = SUPPORT_MESSAGE_REQUIRED;
  else if (m.length > SUPPORT_MESSAGE_MAX) errors.message = SUPPORT_MESSAGE_TOO_LONG;
  return errors;
}

/** What the request is about, from the link that opened the form (?song=… or ?playlist=…). */
export function supportTopicOf(search: string): { songId?: string; playlistId?: string } {
  const params = new URLSearchParams(search);
  const songId = params.get("song");
  const playlistId = params.get("playlist");
  if (songId) return { songId };
  if (playlistId) return { playlistId };
  return {};
}

export { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX };
