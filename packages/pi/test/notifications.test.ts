// App-to-user in-app notifications over real HTTP: the client's call, the simulator's rules (delivery to
// users Pi knows, the per-call and daily limits) and an outage reported as a PiPlatformError.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPiPlatformClient, isPiPlatformError } from "../src/index.js";
import { startPiSimulator, type RunningPiSimulator } from "../src/simulator/index.js";
import { API_KEY, controlApi } from "./helpers.js";

let simulator: RunningPiSimulator;
let control: ReturnType<typeof controlApi>;
let client: ReturnType<typeof createPiPlatformClient>;
beforeAll(async () => {
  simulator = await startPiSimulator({ port: 0, apiKey: API_KEY });
  control = controlApi(simulator.url);
  client = createPiPlatformClient({ baseUrl: simulator.url, apiKey: API_KEY, timeoutMs: 2000 });
});
afterAll(() => simulator.close());
beforeEach(() => control.reset());

const note = (user_uid: string, title = "New follower") => ({
  title,
  body: "Ana follows you",
  user_uid,
  subroute: "/notifications",
});

describe("POST /v2/in_app_notifications/notify", () => {
  it("delivers to users Pi knows and leaves out the rest; the user's Notification Center shows it", async () => {
    const { user } = await control.signIn("ana");
    const result = await client.sendNotifications([note(user.uid), note("guest-unknown")]);
    expect(result.success).toBe(true);
    expect(result.delivered_notifications.map((n) => n.user_uid)).toEqual([user.uid]);
    const inbox = await fetch(`${simulator.url}/__control/users/${user.uid}/notifications`);
    expect(((await inbox.json()) as Array<{ title: string }>).map((n) => n.title)).toEqual(["New follower"]);
  });

  it("needs the server API key", async () => {
    const { user } = await control.signIn("ana");
    const wrong = createPiPlatformClient({ baseUrl: simulator.url, apiKey: "wrong-key" });
    await expect(wrong.sendNotifications([note(user.uid)])).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("refuses more than 256 a call, a subroute not starting with '/', and a user's 49th in a day", async () => {
    const { user } = await control.signIn("ana");
    const many = Array.from({ length: 257 }, () => note(user.uid));
    await expect(client.sendNotifications(many)).rejects.toMatchObject({ status: 400 });
    await expect(
      client.sendNotifications([{ ...note(user.uid), subroute: "notifications" }]),
    ).rejects.toMatchObject({ status: 422 });
    await client.sendNotifications(Array.from({ length: 48 }, () => note(user.uid)));
    await expect(client.sendNotifications([note(user.uid)])).rejects.toMatchObject({ status: 403 });
  });

  it("fails as a PiPlatformError when Pi is down", async () => {
    const { user } = await control.signIn("ana");
    await control.injectFault({ next: "fail", path: "/in_app_notifications" });
    const error = await client.sendNotifications([note(user.uid)]).catch((e: unknown) => e);
    expect(isPiPlatformError(error)).toBe(true);
  });
});
