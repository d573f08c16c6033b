// Hostile strings: SQL and HTML injection, odd Unicode, traversal, and sizes that break naive code.
import type { Rng } from "./rng.js";

export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '"; DROP TABLE playlists; --',
  "1; SELECT pg_sleep(5)",
  "' UNION SELECT id, username FROM users --",
  "') OR ('a'='a",
  "%' AND 1=0 UNION SELECT NULL --",
  "admin'--",
  "1' AND (SELECT count(*) FROM pg_catalog.pg_tables) > 0 --",
  "$1",
  "\\'; COPY users TO '/tmp/x'; --",
  "' || (SELECT string_agg(id, ',') FROM sessions) || '",
];

export const HTML_INJECTIONS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "javascript:alert(document.cookie)",
  "<iframe src=//evil.example></iframe>",
  "{{constructor.constructor('alert(1)')()}}",
  "${7*7}",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
];

/** Characters that break encodings, terminals, databases and layout. */
export const ODD_UNICODE = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\u202eevil\u202c",
  "\u200b\u200c\u200d\ufeff",
  "\u0301\u0301\u0301",
  "Z\u0351\u0364\u0307\u0363\u033e\u0352\u0369\u0313a\u0357\u036c\u0346\u0368",
  "😀🎵👨‍👩‍👧‍👦",
  "\u0007\u0008\u001b[31m",
  "\r\nSet-Cookie: pb_session=forged",
  "\uffff\ufffe",
  "𝕳𝖊𝖑𝖑𝖔",
  "ٱلسَّلَامُ عَلَيْكُمْ",
  "\u2028\u2029",
];

export const TRAVERSALS = [
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "....//....//etc/passwd",
  "/etc/passwd",
  "file:///etc/passwd",
];

export function hostileString(rng: Rng): string {
  const family = rng.int(0, 3);
  if (family === 0) return rng.pick(SQL_INJECTIONS);
  if (family === 1) return rng.pick(HTML_INJECTIONS);
  if (family === 2) return rng.pick(ODD_UNICODE);
  return rng.pick(TRAVERSALS);
}

/** Strings no id, token or enum can be: they contain characters outside [A-Za-z0-9_.:-]. */
export function invalidIdString(rng: Rng): string {
  const options = [
    () => rng.pick(SQL_INJECTIONS),
    () => rng.pick(HTML_INJECTIONS),
    () => rng.pick(ODD_UNICODE),
    () => rng.pick(TRAVERSALS),
    () => `${rng.text(8)} ${rng.text(4)}`,
    () =>
      `${rng.text(6)}${rng.pick(["'", '"', "<", ">", "/", "\\", "%", "?", "#", "&", "=", "*", "!", ",", ";", "\u0000", "é"])}${rng.text(3)}`,
  ];
  return rng.pick(options)();
}

/** Well-formed JSON of the wrong type for a string field. */
export function wrongTypeForString(rng: Rng): unknown {
  return rng.pick<unknown>([
    0,
    -1,
    3.14,
    1e308,
    -1e308,
    true,
    false,
    null,
    [],
    ["a"],
    {},
    { $gt: "" },
    { toString: "x" },
    [[[[[]]]]],
  ]);
}

export function wrongTypeForNumber(rng: Rng): unknown {
  return rng.pick<unknown>([true, false, null, [], [1], {}, { $ne: 0 }, "", " ", "abc"]);
}

export function longString(rng: Rng, min: number, max = min * 4): string {
  return "x".repeat(rng.int(min, max));
}
