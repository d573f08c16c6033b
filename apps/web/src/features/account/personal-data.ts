// 'Download my data': everything the server stores about the listener, saved as one JSON file.
import type { RouterOutputs } from "@purplebeats/contracts";

type PersonalData = RouterOutputs["account"]["exportData"];

/** purplebeats-my-data-2026-12-06.json: the day it was exported. */
export function exportFileName(exportedAt: string): string {
  return `purplebeats-my-data-${exportedAt.slice(0, 10)}.json`;
}

/** Hands the export to the browser as a file download (no new tab, nothing left in memory after). */
export function saveExport(data: PersonalData, doc: Document = document): string {
  const name = exportFileName(data.exportedAt);
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = name;
  doc.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; then it can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
