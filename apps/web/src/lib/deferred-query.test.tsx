import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  markServerHtmlTakenOver,
  resetServerHtmlTakenOver,
  ServerHtmlProvider,
} from "../first-screen/server-html";
import { useDeferredQuery, useRowsShown, type DeferredQueryOptions } from "./deferred-query";

/** A section's read, its data already cached when the section mounts. */
const CACHED = { status: "success", data: ["song"], error: null } as const;

/** Mounts a component that calls `useHook`; returns what each of its renders got from it, in order. */
async function eachRender<T>(useHook: () => T, fromServerHtml: boolean): Promise<T[]> {
  const seen: T[] = [];
  function Probe() {
    seen.push(useHook());
    return null;
  }
  await act(async () => {
    render(
      <ServerHtmlProvider value={fromServerHtml}>
        <Probe />
      </ServerHtmlProvider>,
    );
  });
  return seen;
}

/** Renders a section reading CACHED; returns what each of its renders showed, in order. */
const rendersOf = (options: DeferredQueryOptions, { fromServerHtml }: { fromServerHtml: boolean }) =>
  eachRender(() => (useDeferredQuery(CACHED, options).isPending ? "placeholder" : "songs"), fromServerHtml);

const IN_SERVER_HTML = { belowFold: true, inServerHtml: true };

describe("a section below the fold", () => {
  afterEach(resetServerHtmlTakenOver);

  it("that the server rendered with its data is hydrated with that data, no placeholder first", async () => {
    expect(await rendersOf(IN_SERVER_HTML, { fromServerHtml: true })).toEqual(["songs"]);
  });

  it("that the server left to a placeholder is hydrated as one, then shows its data", async () => {
    expect(await rendersOf({ belowFold: true }, { fromServerHtml: true })).toEqual(["placeholder", "songs"]);
  });

  it("mounted after the first screen was hydrated (a navigation) renders its data in the background", async () => {
    markServerHtmlTakenOver();
    expect(await rendersOf(IN_SERVER_HTML, { fromServerHtml: true })).toEqual(["placeholder", "songs"]);
  });

  it("in an app the browser renders itself renders its data in the background", async () => {
    expect(await rendersOf(IN_SERVER_HTML, { fromServerHtml: false })).toEqual(["placeholder", "songs"]);
  });
});

describe("a section above the fold", () => {
  it("renders its cached data at once", async () => {
    expect(await rendersOf({}, { fromServerHtml: false })).toEqual(["songs"]);
  });
});

describe("a list's rows", () => {
  afterEach(resetServerHtmlTakenOver);

  /** Renders a list of `total` rows; returns how many rows each of its renders showed, in order. */
  const rowsOf = (total: number, firstRows: number | undefined, fromServerHtml: boolean) =>
    eachRender(() => useRowsShown(total, firstRows), fromServerHtml);

  it("are all in the server's HTML and its hydration: none left for the browser to add", async () => {
    expect(await rowsOf(10, 4, true)).toEqual([10]);
  });

  it("mounted in the browser (the tap that opens a list) are a screenful, then the others", async () => {
    markServerHtmlTakenOver();
    expect(await rowsOf(10, 4, true)).toEqual([4, 10]);
    expect(await rowsOf(10, 4, false)).toEqual([4, 10]);
  });

  it("are all rendered at once without a first screenful", async () => {
    expect(await rowsOf(3, undefined, false)).toEqual([3]);
  });
});
