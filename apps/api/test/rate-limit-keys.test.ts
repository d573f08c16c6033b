// Rate limits count an IPv6 client by its /64 (a subscriber's block), so fresh addresses do not buy fresh limits.
import { describe, expect, it } from "vitest";
import { rateLimitKey } from "../src/infra/rate-limits.js";

describe("rateLimitKey", () => {
  it("groups IPv6 addresses by their /64, however they are written", () => {
    const key = rateLimitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const same of ["2001:db8:1:2::1", "2001:0DB8:0001:0002:ffff::", "2001:db8:1:2:0:0:0:9%eth0"])
      expect(rateLimitKey(same), same).toBe(key);
    expect(rateLimitKey("2001:db8:1:3::1")).not.toBe(key);
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("fe80::1:2:3:4")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses, IPv4-mapped ones included, and user ids as they are", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKey("::ffff:203.0.113.8")).not.toBe(rateLimitKey("::ffff:203.0.113.7"));
    expect(rateLimitKey("pi-user-123")).toBe("pi-user-123");
    expect(rateLimitKey("3f2a0c1e-1111-4222-8333-444455556666")).toBe("3f2a0c1e-1111-4222-8333-444455556666");
  });
});
