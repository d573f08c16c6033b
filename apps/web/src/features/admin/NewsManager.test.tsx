// The dashboard's 'News & Updates': publish, edit and delete announcements.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { NewsPostDto } from "@purplebeats/contracts/schemas";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { asAdmin } from "./test-admin";
import { localFieldOf, publishTimeOf } from "./NewsManager";
import { page } from "../../test-utils/catalog";
import { renderRoute } from "../../test-utils/render";
import { trpcError } from "../../test-utils/trpc-fixtures";

const POST: NewsPostDto = {
  id: "5b1e1f4e-1c55-4c47-8f1a-4d3c9d1f7e21",
  title: "Welcome",
  body: "Hello",
  publishedAt: "2026-11-24T07:00:00.000Z",
  updatedAt: "2026-11-24T07:00:00.000Z",
};

vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import("../../pages/AdminPage");
});

describe("Admin dashboard: News & Updates", () => {
  it("publishes a post now, edits it and deletes it", async () => {
    const user = userEvent.setup();
    let list: NewsPostDto[] = [];
    const { callsTo } = renderRoute("/admin", {
      fixtures: {
        ...asAdmin(),
        news: {
          adminList: () => page(list),
          list: () => page(list),
          create: (input) => {
            const made = { ...POST, title: input.title, body: input.body };
            list = [made];
            return made;
          },
          update: ({ id, ...changes }) => {
            list = list.map((p) => (p.id === id ? { ...p, title: changes.title ?? p.title } : p));
            return list[0]!;
          },
          delete: () => {
            list = [];
            return { success: true as const };
          },
        },
      },
    });
    const form = await screen.findByRole("form", { name: "News post" });
    expect(await screen.findByText("No news posts yet.")).toBeTruthy();
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Welcome");
    await user.type(within(form).getByRole("textbox", { name: "Body (Markdown)" }), "Hello");
    await user.click(within(form).getByRole("button", { name: "Publish" }));
    await waitFor(() =>
      expect(callsTo("news.create")[0]?.input).toEqual({
        title: "Welcome",
        body: "Hello",
        publishedAt: undefined,
      }),
    );
    const row = await screen.findByTestId("news-post");
    expect(within(row).getByText("Welcome")).toBeTruthy();

    await user.click(within(row).getByRole("button", { name: "Edit" }));
    const title = within(form).getByRole("textbox", { name: "Title" }) as HTMLInputElement;
    expect(title.value).toBe("Welcome");
    await user.clear(title);
    await user.type(title, "Welcome aboard");
    await user.click(within(form).getByRole("button", { name: "Save post" }));
    await waitFor(() =>
      expect(callsTo("news.update")[0]?.input).toMatchObject({ id: POST.id, title: "Welcome aboard" }),
    );
    expect(await screen.findByText("Welcome aboard")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete Welcome aboard" }));
    expect(await screen.findByText("No news posts yet.")).toBeTruthy();
  });

  it("says why the server refused a post", async () => {
    const user = userEvent.setup();
    renderRoute("/admin", {
      fixtures: {
        ...asAdmin(),
        news: {
          adminList: () => page([]),
          create: () => {
            throw trpcError("BAD_REQUEST", "Title is required");
          },
        },
      },
    });
    const form = await screen.findByRole("form", { name: "News post" });
    await user.click(within(form).getByRole("button", { name: "Publish" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Title is required");
  });

  it("reads the publish field in the admin's clock and back", () => {
    expect(publishTimeOf("")).toBeUndefined();
    const iso = publishTimeOf("2026-12-24T18:30")!;
    expect(localFieldOf(iso)).toBe("2026-12-24T18:30");
  });
});
