// The account's parts that other features load on demand: a modal's code (focus trap, portal, scroll lock) is
// not needed until it opens.
export const loadPremiumFeatureDialog = () => import("./PremiumFeatureDialog");
/** An artist's releases, managed in the artist studio. */
export const loadArtistReleases = () => import("./ArtistReleases");
/** Home's 'From people you follow' (below the fold, for a session only). */
export const loadFollowedActivityShelf = () => import("./FollowedActivityShelf");
