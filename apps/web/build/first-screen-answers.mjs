// The API's answers to the first screen's reads, for the size check (scripts/first-screen-size.mjs): the page
// the server draws carries the data it was drawn from (the dehydrated reads), and that counts against the
// first screen's budget as the messages do. The check has no API of its own, so it answers from a recording
// of a server with the seed catalog (first-screen-answers.json, by request), which `--record <origin>`
// refreshes from a running server: `node scripts/first-screen-size.mjs <out> <server out> --record http://127.0.0.1:3000`.

/** The request's path and query: the key of its answer (the renderer's API host is never resolved). */
const keyOf = (input) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url);
  return url.pathname + url.search;
};

/** A `fetch` answering each request as recorded; a request not recorded fails, as an API that is down. */
export function answeringFrom(answers) {
  return async (input) => {
    const answer = answers[keyOf(input)];
    if (!answer) return new Response(null, { status: 503 });
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  };
}

/** A `fetch` that asks the server at `origin` and keeps each answer in `answers`, by request. */
export function recordingFrom(origin, answers) {
  return async (input, init) => {
    const key = keyOf(input);
    const response = await fetch(new URL(key, origin), {
      method: init?.method ?? "GET",
      headers: init?.headers,
      body: init?.body,
    });
    const body = await response.text();
    answers[key] = { status: response.status, body };
    return new Response(body, { status: response.status, headers: { "content-type": "application/json" } });
  };
}
