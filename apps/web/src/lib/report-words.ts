// The words for why a song was reported, shared by the listener's report dialog and the dashboard's queue.
import type { SongReportReason } from "@purplebeats/contracts/report-rules";
import type { MessageKey } from "../i18n";

export const REPORT_REASON_WORDS = {
  rights: "report.reason.rights",
  abuse: "report.reason.abuse",
  other: "report.reason.other",
} as const satisfies Record<SongReportReason, MessageKey>;
