// The most played songs' lower-cased titles, held as one string so that finding the titles holding a
// piece of text is one indexOf sweep (V8 skips through it) rather than one `includes` per title: the
// first pass of every search runs over 20,000 titles, several times for a query of several words.

export class PopularWindow {
  /** Every title, each preceded by "\n " (a word start is then always " word"). */
  private readonly text: string;
  /** Where each title starts in `text`, in play order, and (one past the last) where the text ends. */
  private readonly starts: Int32Array;

  constructor(
    readonly ids: string[],
    /** Lower-cased titles, most played first. */
    readonly titles: string[],
  ) {
    this.starts = new Int32Array(titles.length + 1);
    let at = 0;
    titles.forEach((title, i) => {
      this.starts[i] = at + 2;
      at += title.length + 2;
    });
    this.starts[titles.length] = at + 2;
    this.text = titles.map((title) => `\n ${title}`).join("");
  }

  /**
   * Indexes (in play order) of the titles holding `piece`, at most `limit`. With `wordStart` the piece
   * must begin a word (follow a space or the title's start).
   */
  holding(piece: string, limit = Infinity, wordStart = false): number[] {
    const needle = wordStart ? ` ${piece}` : piece;
    const found: number[] = [];
    let from = 0;
    while (found.length < limit) {
      const at = this.text.indexOf(needle, from);
      if (at < 0) break;
      const title = this.titleAt(at);
      // A match must lie inside one title (the " " before a title's first word belongs to it).
      if (
        at + needle.length <= (this.starts[title + 1] ?? 0) - 2 &&
        at >= (this.starts[title] ?? 0) - (wordStart ? 1 : 0)
      ) {
        found.push(title);
        from = (this.starts[title + 1] ?? 0) - 1;
      } else from = at + 1;
    }
    return found;
  }

  /** Whether any title holds `piece`. */
  holds(piece: string): boolean {
    return this.holding(piece, 1).length > 0;
  }

  /** The title whose text (with its leading " ") covers position `at`. */
  private titleAt(at: number): number {
    let low = 0;
    let high = this.titles.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) - 1 <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
