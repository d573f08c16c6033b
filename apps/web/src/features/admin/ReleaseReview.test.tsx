import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminReleaseDto, ReleaseStatus, ReviewReleaseInput } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import { ReleaseReview } from "./ReleaseReview";
import { releaseDto } from "../account/test-fixtures";

vi.setConfig({ testTimeout: 20_000 });

const release = (id: string, overrides: Partial<AdminReleaseDto> = {}): AdminReleaseDto => ({
  ...releaseDto(id, { status: "pending", credits: "Written by Neon Tide" }),
  submitter: { id: "user-1", username: "neon_manager" },
  ...overrides,
});

describe("the dashboard's release review", () => {
  it("approves a release, refuses one only with a reason, and takes a live one down with a reason", async () => {
    let all = [release("a"), release("b"), release("c", { status: "approved" })];
    const list = ({ status = "pending" }: { status?: ReleaseStatus }) =>
      all.filter((r) => r.status === status);
    const settle = (id: string, status: ReleaseStatus, reason: string | null) => {
      all = all.map((r) => (r.id === id ? { ...r, status, reason } : r));
      return all.find((r) => r.id === id)!;
    };
    const decide = vi.fn(({ id, decision, reason }: ReviewReleaseInput) =>
      settle(id, decision === "approve" ? "approved" : "refused", reason ?? null),
    );
    const takeDown = vi.fn(({ id, reason }: { id: string; reason: string }) =>
      settle(id, "taken_down", reason),
    );
    renderWithProviders(<ReleaseReview />, { fixtures: { releaseReview: { list, decide, takeDown } } });

    const waiting = within(await screen.findByRole("list", { name: "Releases to review" }));
    const first = waiting.getAllByTestId("release-review")[0]!;
    expect(first.textContent).toContain("Neon Tide · submitted by neon_manager");
    expect(first.textContent).toContain("Song a · 3:05");
    expect(first.textContent).toContain("1 of 1 songs ready");
    await userEvent.click(within(first).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(decide).toHaveBeenCalledWith(expect.objectContaining({ id: "a", decision: "approve" })),
    );

    const second = (await screen.findAllByTestId("release-review")).find((li) =>
      li.textContent?.includes("Song b"),
    )!;
    await userEvent.click(within(second).getByRole("button", { name: "Refuse" }));
    const refuse = within(second).getByRole("button", { name: "Refuse release" });
    expect(refuse.hasAttribute("disabled")).toBe(true);
    await userEvent.type(
      within(second).getByRole("textbox", { name: /Reason the artist will read/ }),
      "Blurry cover",
    );
    await userEvent.click(refuse);
    await waitFor(() =>
      expect(decide).toHaveBeenLastCalledWith(
        expect.objectContaining({ id: "b", decision: "refuse", reason: "Blurry cover" }),
      ),
    );
    expect(await screen.findByText("No releases waiting")).toBeTruthy();

    const live = within(screen.getByRole("list", { name: "Live releases" }));
    const c = live.getAllByTestId("release-review").find((li) => li.textContent?.includes("Song c"))!;
    // A takedown asks first in a dialog naming the release, and needs the reason; Cancel changes nothing.
    await userEvent.click(within(c).getByRole("button", { name: "Take down" }));
    let dialog = await screen.findByRole("dialog", { name: "Take this release down?" });
    expect(dialog.querySelector("strong")?.textContent).toBe(release("c").title);
    expect(dialog.textContent).toContain("by Neon Tide and all its songs will disappear at once");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(takeDown).not.toHaveBeenCalled();
    await userEvent.click(within(c).getByRole("button", { name: "Take down" }));
    dialog = await screen.findByRole("dialog", { name: "Take this release down?" });
    const confirm = within(dialog).getByRole("button", { name: "Take down" });
    expect(confirm.hasAttribute("disabled")).toBe(true);
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Rights claim");
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(takeDown).toHaveBeenCalledWith(expect.objectContaining({ id: "c", reason: "Rights claim" })),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
