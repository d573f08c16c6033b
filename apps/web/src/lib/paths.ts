// Every link the app builds, in one place: encoding rules live here and nowhere else.

export const paths = {
  home: "/",
  search: "/search",
  library: "/library",
  likedSongs: "/liked-songs",
  premium: "/premium",
  profile: "/profile",
  editProfile: "/edit-profile",
  admin: "/admin",
  landing: "/landing",
  legal: "/legal",
  account: "/account",
  notifications: "/notifications",
  support: "/support",
  recentlyPlayed: "/recently-played",
  news: "/news",
  settings: "/settings",
  artistStudio: "/artist-studio",
  playlist: (id: string) => `/playlist/${encodeURIComponent(id)}`,
  /** SPEC.md section 2: the genre is URL-encoded in links (react-router decodes it on arrival). */
  category: (genre: string) => `/category/${encodeURIComponent(genre)}`,
  artist: (id: string) => `/artist/${encodeURIComponent(id)}`,
  album: (id: string) => `/album/${encodeURIComponent(id)}`,
  /** A listener's public profile. */
  user: (handle: string) => `/user/${encodeURIComponent(handle)}`,
  /** /search?q={text}, keeping the playlist that songs are being added to, if any. */
  searchFor: (text: string, playlistId?: string | null) => {
    const params = new URLSearchParams({ q: text });
    if (playlistId) params.set("playlist", playlistId);
    return `/search?${params.toString().replace(/\+/g, "%20")}`;
  },
} as const;
