// What each command prints: one fact per line, easy to read and to grep, in the output's language.
import type { AdminStatsDto, AdminUserDto, LibraryScanDto } from "@purplebeats/contracts/schemas";
import type { CliMessageKey, CliTranslate } from "./i18n/translator.js";

const STAT_LABELS: Array<[keyof AdminStatsDto, CliMessageKey]> = [
  ["totalUsers", "cli.stats.totalUsers"],
  ["premiumUsers", "cli.stats.premiumUsers"],
  ["freeUsers", "cli.stats.freeUsers"],
  ["revenue", "cli.stats.revenue"],
  ["conversionRate", "cli.stats.conversionRate"],
  ["todayUsers", "cli.stats.todayUsers"],
  ["recentUsers", "cli.stats.recentUsers"],
];

export function formatStats(stats: AdminStatsDto, t: CliTranslate): string[] {
  const labels = STAT_LABELS.map(([key, label]) => [key, t(label)] as const);
  const width = Math.max(...labels.map(([, label]) => label.length));
  return labels.map(([key, label]) => `${label.padEnd(width)}  ${stats[key]}`);
}

export function formatUser(user: AdminUserDto, t: CliTranslate): string {
  const plan = user.isPremium
    ? t("cli.user.premiumUntil", { date: user.expiresAt?.slice(0, 10) ?? "?" })
    : t("cli.user.free");
  const handle = user.username ? ` @${user.username}` : "";
  const joined = t("cli.user.joined", { date: user.createdAt.slice(0, 10) });
  return `${user.userId}\t${user.name}${handle}\t${plan}\t${joined}`;
}

export function formatScan(scan: LibraryScanDto, t: CliTranslate): string[] {
  return [
    t("cli.scan.header", { id: scan.id, state: scan.state, startedAt: scan.startedAt }),
    t("cli.scan.counts", scan.counts),
    ...scan.skipped.map((file) => t("cli.scan.skipped", { source: file.source, reason: file.reason })),
  ];
}
