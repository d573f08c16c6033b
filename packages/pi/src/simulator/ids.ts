// Identifiers that look like Pi's: UUID-shaped app-specific uids, 28-character payment ids,
// 64-hex txids and Stellar-style 'G...' wallet addresses.
import { createHash, randomBytes, randomInt } from "node:crypto";

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The same username always gets the same uid, so tests and dev sessions can name users. */
export function uidForUsername(username: string): string {
  const hex = sha256(`pi-simulator-user:${username}`).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function newAccessToken(): string {
  return randomBytes(32).toString("base64url");
}

export function newPaymentId(): string {
  let id = "";
  for (let i = 0; i < 28; i++) id += BASE62.charAt(randomInt(BASE62.length));
  return id;
}

export function newTxid(): string {
  return randomBytes(32).toString("hex");
}

/** A deterministic 56-character Stellar-style public key ('G' + base32) for a wallet owner. */
export function walletAddressFor(owner: string): string {
  const bytes = Buffer.concat([
    sha256(`pi-simulator-wallet:${owner}`),
    sha256(`pi-simulator-wallet-2:${owner}`),
  ]);
  let address = "G";
  for (let i = 0; address.length < 56; i++) address += BASE32.charAt((bytes[i] ?? 0) % 32);
  return address;
}

/** A rewarded ad's id as the SDK hands it to the app (opaque to the app; verified through the Platform API). */
export function newAdId(): string {
  return `ad_${randomBytes(16).toString("hex")}`;
}
