import { z } from "zod";
import {
  SUPPORT_ANSWER_MAX,
  SUPPORT_ANSWER_REQUIRED,
  SUPPORT_ANSWER_TOO_LONG,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_REQUIRED,
  SUPPORT_MESSAGE_TOO_LONG,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_SUBJECT_REQUIRED,
  SUPPORT_SUBJECT_TOO_LONG,
} from "../constants.js";
import { pageInput, playlistIdSchema, songIdSchema, typedText, uuidSchema } from "./common.js";

export const NOTIFICATION_KINDS = [
  "new_follower",
  "payment_receipt",
  "membership_expiring",
  "support_answer",
  "new_release",
  "tip_received",
] as const;
export type NotificationKindDto = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app path it opens, if any. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

export const notificationListInput = pageInput(20, 100);
export const notificationRefInput = z.object({ id: uuidSchema("notification id") });
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCountDto = z.infer<typeof unreadCountSchema>;

/** The 'Contact support' form: subject and message, optionally about one song or one playlist. */
export const createSupportRequestInput = z.object({
  subject: typedText(SUPPORT_SUBJECT_REQUIRED)
    .min(1, SUPPORT_SUBJECT_REQUIRED)
    .max(SUPPORT_SUBJECT_MAX, SUPPORT_SUBJECT_TOO_LONG),
  message: typedText(SUPPORT_MESSAGE_REQUIRED)
    .min(1, SUPPORT_MESSAGE_REQUIRED)
    .max(SUPPORT_MESSAGE_MAX, SUPPORT_MESSAGE_TOO_LONG),
  songId: songIdSchema.optional(),
  playlistId: playlistIdSchema.optional(),
});
export type CreateSupportRequestInput = z.infer<typeof createSupportRequestInput>;

export const supportRequestSchema = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  songId: z.string().nullable(),
  playlistId: z.string().nullable(),
  /** Sent by a member: listed first in the dashboard and marked. */
  fromMember: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequestDto = z.infer<typeof supportRequestSchema>;

/** What the dashboard shows of a request: who sent it too. */
export const adminSupportRequestSchema = supportRequestSchema.extend({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
});
export type AdminSupportRequestDto = z.infer<typeof adminSupportRequestSchema>;

export const adminSupportListInput = pageInput(20, 100);
export const answerSupportRequestInput = z.object({
  id: uuidSchema("support request id"),
  answer: typedText(SUPPORT_ANSWER_REQUIRED)
    .min(1, SUPPORT_ANSWER_REQUIRED)
    .max(SUPPORT_ANSWER_MAX, SUPPORT_ANSWER_TOO_LONG),
});
