// The account's parts that other features load on demand: a modal's code (focus trap, portal, scroll lock) is
// not needed until it opens.
export const loadPremiumFeatureDialog = () => import("./PremiumFeatureDialog");
/** Home's 'From people you follow' (below the fold, for a session only). */
export const loadFollowedActivityShelf = () => import("./FollowedActivityShelf");
