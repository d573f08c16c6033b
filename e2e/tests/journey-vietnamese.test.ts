// A Vietnamese listener at 390x844, on a first visit with a phone set to Vietnamese (Accept-Language, no
// cookie): Home comes from the server in Vietnamese, `<html lang="vi">` in its first bytes; they search,
// play a song, open Now Playing and a playlist's menu, and every screen on the way speaks Vietnamese.
import { expect, test, visit } from "../src/harness.js";

test.describe("a Vietnamese listener", () => {
  test("Home, search, a song, Now Playing and a playlist's menu, all in Vietnamese", async ({ app }) => {
    const { page, context } = await app.phone({ locale: "vi-VN" });
    try {
      // The first server-rendered bytes: the page's language and its first screen's words, no English.
      const response = await page.goto("/");
      const html = (await response?.text()) ?? "";
      expect(html.slice(0, 200)).toMatch(/<html lang="vi" dir="ltr"/);
      expect(html).toContain("Đang thịnh hành");
      expect(html).not.toContain("Trending Now");
      await visit(page, "/");
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");
      await expect(page.getByRole("heading", { name: "Đang thịnh hành" })).toBeVisible();
      const nav = page.getByTestId("bottom-nav");
      for (const tab of ["Trang chủ", "Tìm kiếm", "Thư viện"])
        await expect(nav.getByRole("link", { name: tab })).toBeVisible();

      // Search, by a song's title.
      const songs = (await fetch(`${app.url}/api/songs?limit=50`).then((r) => r.json())) as Array<{
        title: string;
      }>;
      const title = songs.find((song) => song.title.length >= 6)?.title;
      if (!title) throw new Error("the seed has no song to search for");
      const box = page.getByPlaceholder("Tìm bài hát, nghệ sĩ, album...").first();
      await box.click();
      await box.fill(title);
      await box.press("Enter");
      await page.waitForURL(/\/search\?q=/);
      await expect(page.getByText(`Kết quả tìm kiếm cho “${title}”`)).toBeVisible();
      const row = page.getByTestId("song-row").filter({ hasText: title }).first();
      await expect(row.getByRole("button", { name: `Tùy chọn cho ${title}` })).toBeVisible();

      // Play it: the mini player speaks Vietnamese.
      await row.getByTestId("song-row-title").click();
      const player = page.getByRole("region", { name: "Trình phát thu nhỏ" });
      await expect(player.getByRole("button", { name: "Tạm dừng" })).toBeVisible();
      await expect(page.getByTestId("mini-player-title")).toHaveText(title);

      // Now Playing.
      await page.getByRole("button", { name: "Mở màn hình Đang phát" }).click();
      const nowPlaying = page.getByRole("dialog", { name: "Đang phát" });
      await expect(nowPlaying).toBeVisible();
      await expect(nowPlaying.getByTestId("now-playing-title")).toHaveText(title);
      for (const name of ["Bài tiếp theo", "Tạm dừng", "Đóng màn hình Đang phát"])
        await expect(nowPlaying.getByRole("button", { name, exact: true })).toBeVisible();
      await nowPlaying.getByRole("button", { name: "Đóng màn hình Đang phát", exact: true }).click();
      await expect(nowPlaying).toHaveCount(0);

      // A playlist's menu: its options in Vietnamese.
      await visit(page, "/playlist/discover-weekly");
      await expect(page.getByRole("heading", { name: "Discover Weekly", level: 1 })).toBeVisible();
      await page.getByRole("button", { name: "Tùy chọn cho Discover Weekly" }).click();
      const items = page.getByRole("menuitem");
      await expect.poll(() => items.count()).toBe(3);
      for (const item of [
        "Thêm vào danh sách phát đã thích",
        "Thêm vào thư viện",
        "Thêm vào danh sách phát khác",
      ])
        await expect(page.getByRole("menuitem", { name: item })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    } finally {
      await context.close();
    }
  });
});
