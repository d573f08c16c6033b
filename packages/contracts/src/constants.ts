// The contract's constants and the rules built only from them, without zod: the web app imports this
// entry (`@purplebeats/contracts/constants`) so that the first screen does not load the schemas, and the
// schemas import it too, so each number and message is written once.

/** SPEC.md sections 1 and 9: 3.14 π for one month. */
export const PREMIUM_PRICE = 3.14;
export const PREMIUM_AMOUNT_TEXT = "3.14";
export const PREMIUM_PRODUCT_ID = "premium_membership";
export const PREMIUM_DURATION = "1_month";
/** The memo shown in the wallet for the payment. */
export const PREMIUM_MEMO = "PurpleBeats Premium - 1 month";
/** Page sizes: every list is bounded (DESIGN.md "Databases"). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** SPEC.md sections 5 and 6: what the server's 403 for a premium-only action says. */
export const PREMIUM_REQUIRED_MESSAGE = "Premium feature required";
/** The server's refusal of a premium-only call to a listener who is not a member. */
export const PREMIUM_UPGRADE_MESSAGE = `${PREMIUM_REQUIRED_MESSAGE}. Upgrade to Premium (3.14 π) to unlock this.`;
/** A download refused to a listener without an active membership (the stream stays theirs). */
export const DOWNLOADS_PREMIUM_MESSAGE = "Downloads are for Premium members.";
/** Days a member's downloads keep playing after the membership was last confirmed online. */
export const DOWNLOAD_GRACE_DAYS = 30;

/** Days left, as SPEC.md's card shows them: the ceiling of the remaining days, never below 0. */
export function daysRemaining(expiresAt: string | Date | null, now: Date = new Date()): number {
  if (!expiresAt) return 0;
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

export { isMembershipActive, type MembershipState } from "./active-premium.js";

/** SPEC.md section 5: the search text's limit; suggestions need 2 characters and show at most 8. */
export const MAX_QUERY_LENGTH = 200;
export const SUGGESTION_MIN_CHARS = 2;
export const SUGGESTION_LIMIT = 8;

/** SPEC.md section 5: create-playlist rules and their exact messages. */
export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 500;
export const PLAYLIST_NAME_REQUIRED = "Playlist name is required";
export const PLAYLIST_NAME_TOO_LONG = "Name too long";
export const PLAYLIST_DESCRIPTION_TOO_LONG = "Description too long";
/** SPEC.md section 5: a rename must change the name. */
export const PLAYLIST_NAME_UNCHANGED = "The new name must be different";

/** SPEC.md section 3: the curated playlists nobody may edit (packages/seed seeds them under these ids). */
export const SYSTEM_PLAYLIST_IDS: readonly string[] = [
  "discover-weekly",
  "daily-mix-1",
  "chill-ambient",
  "electronic-energy",
  "purple-vibes",
];

/** SPEC.md section 5: the profile's display name. */
export const PROFILE_NAME_MAX = 50;
export const PROFILE_NAME_REQUIRED = "Name is required";
export const PROFILE_NAME_TOO_LONG = "Name must be less than 50 characters";

/** A listener's public handle: /user/{handle}. */
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
export const HANDLE_TOO_SHORT = "Handle must be at least 3 characters";
export const HANDLE_TOO_LONG = "Handle must be at most 30 characters";
export const HANDLE_CHARACTERS = "Handle may contain only letters, digits, '_' and '.'";
export const HANDLE_TAKEN = "That handle is already taken";
export const PRIVATE_PROFILE_MESSAGE = "This profile is private";
/** A private session (Spotify's term) lasts this long unless turned off sooner. */
export const PRIVATE_SESSION_HOURS = 6;
/** News & Updates: an announcement's title and Markdown body. */
export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 20000;
export const NEWS_TITLE_REQUIRED = "Title is required";
export const NEWS_TITLE_TOO_LONG = "Title must be at most 120 characters";
export const NEWS_BODY_REQUIRED = "Body is required";
export const NEWS_BODY_TOO_LONG = "Body must be at most 20000 characters";
/** The windows of a profile's top tracks and artists. */
/** A rewarded ad's reward: this many minutes of unlimited skips for a free listener. */
export const AD_REWARD_SKIP_MINUTES = 30;
/** Pi's ad ids are opaque tokens; anything longer than this is not one. */
export const AD_ID_MAX = 200;
export const AD_ID_REQUIRED = "adId is required";

export const TOP_RANGES = ["4w", "6m", "all"] as const;
export type TopRange = (typeof TOP_RANGES)[number];

export { SHARED_PROCEDURES } from "./shared-procedures.js";

/**
 * The widths (px) a catalog picture is also sent at: a row's 48 px cover at 2x takes 96, a card's 148 px at
 * 1.75-2.6x takes 384, Now Playing's at 3x the largest. Each is made once from the stored picture and kept.
 */
export const ART_WIDTHS = [96, 192, 384, 768] as const;
export type ArtWidth = (typeof ART_WIDTHS)[number];

/** The catalog's pictures that are also sent sized (the seed's and the scanner's covers, artists' pictures). */
export const SIZED_ART_PATH = /^\/media\/(covers|artists)\/[A-Za-z0-9._-]+$/;

/**
 * Uploaded pictures (avatars, playlist covers, editorial pictures), also sent sized: a phone's photo of
 * megabytes shown as a 44 px avatar. On disk the key carries the picture's extension, in a bucket not.
 */
export const SIZED_OBJECT_PATH = /^\/objects\/[0-9a-f-]{36}(\.[a-z]+)?$/;

/**
 * `src` at each of ART_WIDTHS (/media/covers/<file>?w=192), for an <img srcset>; null for a picture sent only
 * as stored (another site's).
 */
export function artSrcSet(src: string): string | null {
  if (!SIZED_ART_PATH.test(src) && !SIZED_OBJECT_PATH.test(src)) return null;
  return ART_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(", ");
}

/**
 * The <img> attributes that offer `src` at those widths for a picture drawn at `sizes` (an <img sizes> value:
 * "48px", "min(100vw, 340px)"): the browser takes the one it needs at the screen's density, not a scan's or a
 * phone's whole picture. None for another site's picture, which is sent as it is.
 */
export function sizedPicture(src: string, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = artSrcSet(src);
  return srcSet ? { srcSet, sizes } : {};
}

/** Procedures one tRPC batch may hold (the server answers 400 past it; the clients split batches at it). */
export const TRPC_MAX_BATCH = 10;
/** The page sizes (`limit`) one tRPC batch may ask for in all: five full pages (the app's screens ask far less). */
export const TRPC_MAX_BATCH_LIMIT = 500;

/** A guest's name until they give one (their account and their profile start with it). */
export const GUEST_USERNAME = "Guest User";

/** Support requests: the form's limits and messages. */
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_MESSAGE_MAX = 4000;
export const SUPPORT_ANSWER_MAX = 4000;
export const SUPPORT_SUBJECT_REQUIRED = "Subject is required";
export const SUPPORT_SUBJECT_TOO_LONG = `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`;
export const SUPPORT_MESSAGE_REQUIRED = "Message is required";
export const SUPPORT_MESSAGE_TOO_LONG = `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`;
export const SUPPORT_ANSWER_REQUIRED = "Answer is required";
export const SUPPORT_ANSWER_TOO_LONG = `Answer must be at most ${SUPPORT_ANSWER_MAX} characters`;

/** "Delete my account" waits while a payment is approved and not settled: the month it buys must reach its payer. */
export const ACCOUNT_DELETION_PAYMENT_PENDING =
  "A payment is still being settled. Try deleting your account again in a few minutes.";
/** Listening settings kept per listener: crossfade's longest overlap, and the equalizer's bands and presets. */
export const MAX_CROSSFADE_SECONDS = 12;
export const EQ_BAND_COUNT = 7;
/** A custom band's gain, either way, in dB (in half decibels). */
export const EQ_MAX_GAIN_DB = 12;
export const EQ_PRESET_IDS = [
  "flat",
  "bassBoost",
  "trebleBoost",
  "vocal",
  "acoustic",
  "electronic",
  "loudness",
] as const;
export type EqPresetId = (typeof EQ_PRESET_IDS)[number];
export type EqChoice = EqPresetId | "custom";

/**
 * The listener's choice of rendition: Automatic (the connection decides), Low (the data saver), Standard, or
 * High (the best the membership allows: standard for free listeners).
 */
export const QUALITY_CHOICES = ["auto", "low", "standard", "high"] as const;
export type QualityChoice = (typeof QUALITY_CHOICES)[number];
export * from "./locales.js";
/** Artist accounts: a request to become an artist (a new profile, or a claim of a catalog artist). */
export const ARTIST_NAME_MAX = 100;
export const ARTIST_NAME_REQUIRED = "Artist name is required";
export const ARTIST_NAME_TOO_LONG = "Artist name must be at most 100 characters";
export const ARTIST_BIO_MAX = 1000;
export const ARTIST_BIO_TOO_LONG = "Bio must be at most 1000 characters";
export const ARTIST_EVIDENCE_MAX = 2000;
export const ARTIST_EVIDENCE_REQUIRED = "Tell us how we can verify you (a link or a few words)";
export const ARTIST_EVIDENCE_TOO_LONG = "Evidence must be at most 2000 characters";
export const ARTIST_REQUEST_PENDING = "You already have a request waiting for review";
export const ARTIST_SIGN_IN_REQUIRED = "Sign in with Pi Network to become an artist";

/** Tips to an artist (U2A, like premium): the amounts offered, and the bounds of a custom one. */
export const TIP_PRODUCT_ID = "artist_tip";
export const TIP_AMOUNTS: readonly number[] = [1, 3.14];
export const TIP_MIN = 0.1;
export const TIP_MAX = 1000;
export const TIP_AMOUNT_RANGE = `A tip is between ${TIP_MIN} and ${TIP_MAX} π`;
export const TIP_AMOUNT_DECIMALS = "A tip has at most 2 decimals";
export const TIP_SIGN_IN_REQUIRED = "Sign in with Pi Network to tip an artist";
export const TIP_NOT_VERIFIED = "Only verified artists can receive tips";
export const tipMemo = (artistName: string) => `PurpleBeats tip to ${artistName}`.slice(0, 200);

/** Whether a tip amount is one the app accepts (the server checks it again against Pi's record). */
export function tipAmountProblem(amount: number): string | null {
  if (!Number.isFinite(amount) || amount < TIP_MIN || amount > TIP_MAX) return TIP_AMOUNT_RANGE;
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) return TIP_AMOUNT_DECIMALS;
  return null;
}

/** Payouts of an artist's balance to a manager's Pi wallet (A2U); the refusals with a code are in error-codes.ts. */
export const payoutBelowMinimum = (minimum: number) =>
  `The balance must be at least ${minimum} π to be paid out`;
