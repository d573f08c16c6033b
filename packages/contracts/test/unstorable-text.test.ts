import { describe, expect, it } from "vitest";
import { findUnstorableText } from "../src/trpc.js";

describe("unstorable text", () => {
  it("names the first field holding NUL or a lone surrogate, anywhere in the input", () => {
    expect(findUnstorableText({ name: "a\u0000b" })).toBe("name");
    expect(findUnstorableText({ q: "\ud800" })).toBe("q");
    expect(findUnstorableText({ list: ["ok", "x\udfffy"] })).toBe("list.1");
    expect(findUnstorableText({ user: { username: "\u0000" } })).toBe("user.username");
    expect(findUnstorableText("\u0000")).toBe("input");
  });

  it("lets real text through: emoji, RTL marks, zalgo, injections", () => {
    for (const text of ["😀🎵", "\u202eevil\u202c", "Z\u0351\u0364a", "' OR 1=1 --", "<script>", "ٱلسَّلَامُ"]) {
      expect(findUnstorableText({ name: text })).toBeNull();
    }
    expect(findUnstorableText({ n: 1, b: true, none: null })).toBeNull();
  });
});
