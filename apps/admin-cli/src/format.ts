// What each command prints: one fact per line, easy to read and to grep.
import type { AdminStatsDto, AdminUserDto, LibraryScanDto } from "@purplebeats/contracts/schemas";

const STAT_LABELS: Array<[keyof AdminStatsDto, string]> = [
  ["totalUsers", "Total users"],
  ["premiumUsers", "Premium users"],
  ["freeUsers", "Free users"],
  ["revenue", "Revenue (π)"],
  ["conversionRate", "Conversion rate (%)"],
  ["todayUsers", "New today"],
  ["recentUsers", "New in the last 7 days"],
];

export function formatStats(stats: AdminStatsDto): string[] {
  const width = Math.max(...STAT_LABELS.map(([, label]) => label.length));
  return STAT_LABELS.map(([key, label]) => `${label.padEnd(width)}  ${stats[key]}`);
}

export function formatUser(user: AdminUserDto): string {
  const plan = user.isPremium ? `premium until ${user.expiresAt?.slice(0, 10) ?? "?"}` : "free";
  const handle = user.username ? ` @${user.username}` : "";
  return `${user.userId}\t${user.name}${handle}\t${plan}\tjoined ${user.createdAt.slice(0, 10)}`;
}

export function formatScan(scan: LibraryScanDto): string[] {
  const { counts } = scan;
  return [
    `Scan ${scan.id}: ${scan.state}, started ${scan.startedAt}`,
    `Found ${counts.found}, new ${counts.ingested}, unchanged ${counts.unchanged}, missing ${counts.missing}, skipped ${counts.skipped}`,
    ...scan.skipped.map((file) => `  skipped ${file.source}: ${file.reason}`),
  ];
}
