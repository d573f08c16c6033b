// The Pi network comes from the server at run time (PI_SANDBOX), not from the build.
import { afterEach, describe, expect, it } from "vitest";
import { piSandbox, type PiSdk } from "./pi-sdk";

const wallet = (isSimulator?: boolean) => ({ isSimulator }) as unknown as PiSdk;

function servedFor(network: "sandbox" | "mainnet") {
  const meta = document.createElement("meta");
  meta.name = "pi-network";
  meta.content = network;
  document.head.append(meta);
}

afterEach(() => document.querySelectorAll('meta[name="pi-network"]').forEach((m) => m.remove()));

describe("which Pi network the SDK is initialised for", () => {
  it("the sandbox when the server's page says so", () => {
    servedFor("sandbox");
    expect(piSandbox(wallet())).toBe(true);
  });

  it("mainnet when the page says mainnet or says nothing", () => {
    servedFor("mainnet");
    expect(piSandbox(wallet())).toBe(false);
    document.querySelectorAll('meta[name="pi-network"]').forEach((m) => m.remove());
    expect(piSandbox(wallet())).toBe(false);
  });

  it("the sandbox for the simulator, whatever the page says", () => {
    servedFor("mainnet");
    expect(piSandbox(wallet(true))).toBe(true);
  });
});
