// 'Report' from a song's menu: the dialog loads on demand, sends nothing until a reason is chosen, sends the
// reason with the details typed, and says so; a second report of the same song says it was already reported.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SONG_ALREADY_REPORTED } from "@purplebeats/contracts/report-rules";
import type { ReportSongInput, SongReportDto } from "@purplebeats/contracts/schemas";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { song } from "../../test-utils/catalog";
import { renderWithProviders } from "../../test-utils/render";
import { trpcError } from "../../test-utils/trpc-fixtures";
import { resetListener } from "./test-account";
import { SongMenu } from "./SongMenu";

vi.setConfig({ testTimeout: 20_000 });
vi.mock("../account", async (importOriginal) => (await import("./test-account")).mockAccount(importOriginal));
vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const reported = { ...song(7, { title: "Loud Neighbours" }) };
const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});

async function openReport(create: (input: ReportSongInput) => SongReportDto) {
  renderWithProviders(<SongMenu song={reported} />, { fixtures: { songReports: { create } } });
  await userEvent.click(screen.getByRole("button", { name: "Options for Loud Neighbours" }));
  await userEvent.click(await screen.findByRole("menuitem", { name: "Report" }));
  return within(await screen.findByRole("dialog", { name: "Report Loud Neighbours" }));
}

describe("reporting a song", () => {
  it("sends the chosen reason and the details, then thanks the listener", async () => {
    const create = vi.fn((input: ReportSongInput) => ({
      id: "r1",
      songId: input.songId,
      reason: input.reason,
      details: input.details ?? "",
      createdAt: new Date(0).toISOString(),
    }));
    const dialog = await openReport(create);
    const send = dialog.getByRole("button", { name: "Send report" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await userEvent.click(dialog.getByRole("radio", { name: "Abusive or offensive" }));
    await userEvent.type(dialog.getByRole("textbox", { name: /Details/ }), "Slurs in the chorus");
    await userEvent.click(send);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        songId: reported.id,
        reason: "abuse",
        details: "Slurs in the chorus",
      }),
    );
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Report sent",
        message: "Thanks. Our team will look into it.",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Report Loud Neighbours" })).toBeNull());
  });

  it("tells a listener who reports the same song again that they already did", async () => {
    const dialog = await openReport(() => {
      throw trpcError("CONFLICT", SONG_ALREADY_REPORTED);
    });
    await userEvent.click(dialog.getByRole("radio", { name: /copyright/ }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "You already reported this song",
        message: "Loud Neighbours",
      }),
    );
  });
});
