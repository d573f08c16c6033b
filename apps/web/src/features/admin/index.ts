// The admin feature's public surface: the admin screen's cards (SPEC.md section 6) and their formats.
export { AdminRole } from "./AdminRole";
export { ApiTokens } from "./ApiTokens";
export { ArtistRequests } from "./ArtistRequests";
export { ReleaseReview } from "./ReleaseReview";
export { ReportedSongs } from "./ReportedSongs";
export { CatalogManager } from "./CatalogManager";
export { EditorialPlaylists } from "./EditorialPlaylists";
export { LibraryScanCard } from "./LibraryScanCard";
export { MusicUploads } from "./MusicUploads";
export { NewsManager } from "./NewsManager";
export { PremiumShares } from "./PremiumShares";
export { SupportRequests } from "./SupportRequests";
export { formatConversionRate, formatCount, formatRevenue, formatAdminDate, initialOf } from "./admin-format";
