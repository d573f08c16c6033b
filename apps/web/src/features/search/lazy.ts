// The search screen's parts loaded on demand, each a chunk of its own: the results with add buttons (only in
// that mode) and the sections below the results (once a scroll nears them).
export const loadAddableSongs = () => import("./AddableSongs");
export const loadSearchSections = () => import("./SearchSections");
