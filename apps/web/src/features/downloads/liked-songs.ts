// Every liked song, read page by page at the largest page the API gives: a download takes the whole list,
// where the Liked Songs screen shows a page at a time.
import { MAX_PAGE_SIZE } from "@purplebeats/contracts/constants";
import type { trpc } from "../../lib/trpc";
import type { PlayableSong } from "../player";

type ApiUtils = ReturnType<typeof trpc.useUtils>;

export async function readAllLikedSongs(utils: ApiUtils): Promise<PlayableSong[]> {
  const all: PlayableSong[] = [];
  let cursor: string | undefined;
  do {
    const page = await utils.likedSongs.list.fetch({ limit: MAX_PAGE_SIZE, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}
