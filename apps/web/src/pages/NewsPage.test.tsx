import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { NewsPostDto } from "@purplebeats/contracts/schemas";
import { page } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { trpcError } from "../test-utils/trpc-fixtures";

const post = (n: number, overrides: Partial<NewsPostDto> = {}): NewsPostDto => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  title: `Update ${n}`,
  body: `Body ${n}`,
  publishedAt: `2026-12-0${n}T10:00:00.000Z`,
  updatedAt: `2026-12-0${n}T10:00:00.000Z`,
  ...overrides,
});

vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import("./NewsPage");
});

describe("/news", () => {
  it("shows the posts newest first with their dates, Markdown rendered and raw HTML left out", async () => {
    const { container } = renderRoute("/news", {
      fixtures: {
        news: {
          list: () =>
            page([
              post(6, {
                title: "Lyrics arrive",
                body: 'Sing **along**.\n\n<img src="x" onerror="alert(1)"><script>alert(2)</script>',
              }),
              post(1),
            ]),
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "News & Updates" })).toBeTruthy();
    const latest = await screen.findByRole("article", { name: "Lyrics arrive" });
    expect(within(latest).getByText("along").tagName).toBe("STRONG");
    expect(within(latest).getByText("December 6, 2026")).toBeTruthy();
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-labelledby"))).toHaveLength(2);
    expect(container.querySelector("script, img[onerror]")).toBeNull();
  });

  it("loads older posts a page at a time", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderRoute("/news", {
      fixtures: {
        news: { list: ({ cursor }) => (cursor ? page([post(1)]) : page([post(3), post(2)], "next-page")) },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Update 1" })).toBeTruthy();
    await waitFor(() => expect(callsTo("news.list").at(-1)?.input).toMatchObject({ cursor: "next-page" }));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("says when there is no news", async () => {
    renderRoute("/news");
    expect(await screen.findByText(/No news yet/)).toBeTruthy();
  });

  it("offers a retry when the read fails", async () => {
    renderRoute("/news", {
      fixtures: {
        news: {
          list: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "boom");
          },
        },
      },
    });
    expect(await screen.findByRole("button", { name: /retry|try again/i })).toBeTruthy();
  });
});
