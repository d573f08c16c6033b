import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../lib/toast";
import { showToast } from "../lib/toast";
import { accountFixtures, PI_USER } from "../features/account/test-fixtures";
import { renderRoute } from "../test-utils/render";

vi.mock("../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  localStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const listener = () => {
  const base = accountFixtures({ user: PI_USER });
  return {
    ...base,
    profile: {
      ...base.profile,
      updateSettings: ({ isPrivate }: { isPrivate?: unknown }) => ({
        userId: PI_USER.uid,
        name: "pioneer",
        handle: "pioneer",
        isPrivate: isPrivate === true,
        nickname: null,
        imageUrl: null,
        language: null,
      }),
    },
  };
};

describe("/settings", () => {
  it("has the listening settings, the privacy switches, the data actions and the legal notice", async () => {
    renderRoute("/settings", { fixtures: listener() });
    expect(await screen.findByRole("heading", { level: 1, name: "Settings & Privacy" })).toBeTruthy();
    const listening = await screen.findByRole("region", { name: "Listening settings" });
    expect(within(listening).getByRole("radiogroup", { name: /Audio quality/ })).toBeTruthy();
    expect(within(listening).getByRole("switch", { name: /Normalize volume/ })).toBeTruthy();
    const privacy = screen.getByRole("region", { name: "Privacy" });
    for (const name of [/Private profile/, /Share my likes/, /Private session/])
      expect(within(privacy).getByRole("switch", { name })).toBeTruthy();
    expect(within(privacy).getAllByRole("switch")).toHaveLength(3);
    const data = screen.getByRole("region", { name: "Your data" });
    expect(within(data).getByRole("button", { name: "Download my data" })).toBeTruthy();
    expect(within(data).getByRole("button", { name: "Delete my account" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Terms of Use and Privacy Notice" }).getAttribute("href")).toBe(
      "/legal",
    );
  });

  it("makes the profile private with Edit Profile's setting", async () => {
    const { callsTo } = renderRoute("/settings", { fixtures: listener() });
    const privacy = await screen.findByRole("region", { name: "Privacy" });
    const toggle = within(privacy).getByRole("switch", { name: /Private profile/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(callsTo("profile.updateSettings")).toHaveLength(1));
    expect(callsTo("profile.updateSettings")[0]!.input).toEqual({ userId: PI_USER.uid, isPrivate: true });
  });

  it("downloads the export as a dated JSON file", async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:export";
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { callsTo } = renderRoute("/settings", { fixtures: listener() });
    await userEvent.click(await screen.findByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(clicked).toEqual(["purplebeats-my-data-2026-12-06.json"]));
    expect(callsTo("account.exportData")).toHaveLength(1);
    const saved = JSON.parse(await created[0]!.text()) as { userId: string };
    expect(saved.userId).toBe(PI_USER.uid);
  });

  it("deletes the account only after the confirmation, then starts over as a guest at Home", async () => {
    const { callsTo, location } = renderRoute("/settings", { fixtures: listener() });
    await userEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete my account" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo("account.delete")).toHaveLength(0);

    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const again = await screen.findByRole("dialog", { name: "Delete my account" });
    await userEvent.click(within(again).getByRole("button", { name: "Delete account" }));
    await waitFor(() => expect(callsTo("account.delete")).toHaveLength(1));
    expect(callsTo("account.delete")[0]!.input).toEqual({ confirm: true });
    await waitFor(() =>
      expect(vi.mocked(showToast)).toHaveBeenCalledWith({
        title: "Account Deleted",
        message: "Your account and its data have been deleted.",
      }),
    );
    await waitFor(() => expect(location()).toBe("/"));
  });
});
