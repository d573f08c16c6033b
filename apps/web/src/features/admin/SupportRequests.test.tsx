import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminSupportRequestDto } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import { SupportRequests } from "./SupportRequests";

vi.setConfig({ testTimeout: 20_000 });

const request = (id: string, overrides: Partial<AdminSupportRequestDto> = {}): AdminSupportRequestDto => ({
  id,
  subject: `Subject ${id}`,
  message: "It stops after ten seconds.",
  songId: null,
  playlistId: null,
  fromMember: false,
  answer: null,
  answeredAt: null,
  createdAt: "2026-12-06T10:00:00.000Z",
  userId: `user-${id}`,
  name: `Listener ${id}`,
  username: `listener_${id}`,
  ...overrides,
});

describe("the dashboard's Support section", () => {
  it("lists requests as the server orders them, members' marked, answered ones shown answered", async () => {
    renderWithProviders(<SupportRequests />, {
      fixtures: {
        support: {
          adminList: () => ({
            items: [request("a", { fromMember: true }), request("b"), request("c", { answer: "Done" })],
            nextCursor: null,
          }),
        },
      },
    });
    const items = await screen.findAllByTestId("support-request");
    expect(items.map((item) => within(item).getByText(/^Subject/).textContent)).toEqual([
      "Subject a",
      "Subject b",
      "Subject c",
    ]);
    expect(within(items[0]!).getByText("Member")).toBeTruthy();
    expect(within(items[1]!).queryByText("Member")).toBeNull();
    expect(within(items[2]!).getByText("Answered")).toBeTruthy();
    expect(within(items[2]!).getByText("Answer: Done")).toBeTruthy();
  });

  it("sends an admin's answer and refreshes the list", async () => {
    let answered = false;
    const { callsTo } = renderWithProviders(<SupportRequests />, {
      fixtures: {
        support: {
          adminList: () => ({
            items: [request("a", answered ? { answer: "Restart the app." } : {})],
            nextCursor: null,
          }),
          answer: ({ id, answer }: { id: string; answer: string }) => {
            answered = true;
            return request(id, { answer, answeredAt: new Date().toISOString() });
          },
        },
      },
    });
    const item = (await screen.findAllByTestId("support-request"))[0]!;
    expect(within(item).getByRole("button", { name: "Send answer" })).toHaveProperty("disabled", true);
    await userEvent.type(within(item).getByRole("textbox", { name: "Answer" }), "Restart the app.");
    await userEvent.click(within(item).getByRole("button", { name: "Send answer" }));
    await waitFor(() =>
      expect(callsTo("support.answer").map((c) => c.input)).toEqual([
        { id: "a", answer: "Restart the app." },
      ]),
    );
    expect(await screen.findByText("Answer: Restart the app.")).toBeTruthy();
  });
});
