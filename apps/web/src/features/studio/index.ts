// The artist studio (/artist-studio): an artist's statistics, payouts and releases, for its managers.
export { ArtistStudio } from "./ArtistStudio";
