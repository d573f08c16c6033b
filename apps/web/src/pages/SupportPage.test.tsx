import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SUPPORT_MESSAGE_REQUIRED, SUPPORT_SUBJECT_REQUIRED } from "@purplebeats/contracts/constants";
import type { CreateSupportRequestInput } from "@purplebeats/contracts/schemas";
import { renderRoute } from "../test-utils/render";
import { trpcError } from "../test-utils/trpc-fixtures";

vi.setConfig({ testTimeout: 20_000 });

const created = (input: CreateSupportRequestInput) => ({
  id: "r1",
  subject: input.subject,
  message: input.message,
  songId: input.songId ?? null,
  playlistId: input.playlistId ?? null,
  fromMember: false,
  answer: null,
  answeredAt: null,
  createdAt: new Date().toISOString(),
});

describe("/support", () => {
  it("says what is missing before sending anything", async () => {
    const { callsTo } = renderRoute("/support", { fixtures: { support: { create: created } } });
    await userEvent.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText(SUPPORT_SUBJECT_REQUIRED)).toBeTruthy();
    expect(screen.getByText(SUPPORT_MESSAGE_REQUIRED)).toBeTruthy();
    expect(callsTo("support.create")).toHaveLength(0);
  });

  it("sends the request, about the song the link named, and says where the answer will come", async () => {
    const { callsTo } = renderRoute("/support?song=00000000-0000-4000-8000-000000000001", {
      fixtures: { support: { create: created } },
    });
    expect(await screen.findByText("About a song")).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: /Subject/ }), "Broken song");
    await userEvent.type(screen.getByRole("textbox", { name: /Message/ }), "It stops.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Thank you! We will answer in your Notifications.")).toBeTruthy();
    expect(callsTo("support.create").map((c) => c.input)).toEqual([
      { subject: "Broken song", message: "It stops.", songId: "00000000-0000-4000-8000-000000000001" },
    ]);
    expect(screen.getByRole("link", { name: "Open Notifications" }).getAttribute("href")).toBe(
      "/notifications",
    );
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    renderRoute("/support", {
      fixtures: {
        support: {
          create: () => {
            throw trpcError("BAD_REQUEST", "Too many attempts. Please wait a minute and try again.");
          },
        },
      },
    });
    await userEvent.type(await screen.findByRole("textbox", { name: /Subject/ }), "Hi");
    await userEvent.type(screen.getByRole("textbox", { name: /Message/ }), "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/Too many attempts/));
    expect((screen.getByRole("textbox", { name: /Subject/ }) as HTMLInputElement).value).toBe("Hi");
  });
});
