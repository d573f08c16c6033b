// The plain terms and privacy notice /legal shows when the operator has not configured their own. They say
// what this server actually stores; the figures come from the rules that apply them, so they stay true.
import { SESSION_TTL_SECONDS } from "../../infra/session-store.js";
import { PLAY_RULES } from "../catalog/play-rules.js";

const sessionDays = Math.round(SESSION_TTL_SECONDS / (24 * 3600));

export const DEFAULT_TERMS = `PurpleBeats is a music streaming service. By using it you agree to these terms.

- **Listening.** You may stream the catalog for your own, personal listening. Do not copy, redistribute or
  resell the music, and do not try to get around the limits of the free tier.
- **Accounts.** You may listen as a guest or sign in with your Pi Network account. You are responsible for
  what is done with your account. Keep playlist names, descriptions and pictures lawful and respectful; the
  operator may remove content that is not.
- **Premium.** Premium is paid in Pi through your Pi wallet and lasts one month from the payment. A payment
  is final once the Pi blockchain has recorded it; it is not renewed automatically.
- **Availability.** The service is offered as it is. The operator works to keep it running and your data
  safe, but cannot promise that it is never interrupted, and may change or end the service.
- **Changes.** When these terms change, the new terms apply from the day they are published on this page.
`;

export const DEFAULT_PRIVACY = `This notice says what PurpleBeats stores about you, why, and for how long.

- **Your identity.** As a guest: a random identifier. Signed in with Pi: your Pi user id and username, as the
  Pi Network hands them to us when you sign in. Your access token is checked with Pi and not kept.
- **Your profile.** The display name and picture you choose.
- **Your music.** Your playlists, the songs and playlists you like, and the playlists in your library.
- **What you play.** Your newest ${PLAY_RULES.historyPerListener} plays (the song and when), for Recently
  Played and your listening figures; older plays are removed. Each song's play count has no link to you.
- **Payments.** For each Premium payment: its Pi payment id, amount, state, blockchain transaction id and
  date, and your membership's expiry. They are kept for the accounts even if you stop using the service.
- **Sessions.** A cookie that keeps you signed in, valid for ${sessionDays} days after your last visit. We store
  only a hash of it.
- **Abuse protection.** Short-lived counters of attempts per network address, kept for minutes.
- **Server logs.** Requests are logged without cookies, tokens or passwords, for running the service.

Nothing is sold or shared with advertisers. Pictures you upload are stored by the operator (on its own disk
or storage). To have your data removed, contact the operator of this service.
`;
