// The 'Contact support' form's checks, with the contract's numbers (the server applies the same through the
// zod schema): what the form says before it sends anything, as a problem the form words in the listener's
// language (English: the contract's messages).
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from "@purplebeats/contracts/constants";

export interface SupportDraft {
  subject: string;
  message: string;
}

export type SupportProblem = "required" | "tooLong";
export type SupportErrors = Partial<Record<keyof SupportDraft, SupportProblem>>;

/** The fields' problems, none when it may be sent. */
export function validateSupportDraft({ subject, message }: SupportDraft): SupportErrors {
  const errors: SupportErrors = {};
  const s = subject.trim();
  const m = message.trim();
  if (!s) errors.subject = "required";
  else if (s.length > SUPPORT_SUBJECT_MAX) errors.subject = "tooLong";
  if (!m) errors.message = "required";
  else if (m.length > SUPPORT_MESSAGE_MAX) errors.message = "tooLong";
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
