// This machine only: the addresses the Pi simulator's controls answer by default.
import { isIP } from "node:net";

/** An address of this machine's loopback interface (IPv4 127/8, ::1, or IPv4 127/8 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith("127.");
  return address === "::1";
}

/** A HOST setting that listens on loopback only ('localhost' resolves there). */
export const isLoopbackHost = (host: string) => host === "localhost" || isLoopbackAddress(host);
