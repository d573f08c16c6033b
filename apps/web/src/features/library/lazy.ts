// The library's parts that other features and screens load on demand: each is a chunk of its own, fetched
// by the first call (the row's heart as soon as a list's code runs; the others when first drawn).
export const loadLikeSongButton = () => import("./LikeSongButton");
export const loadSaveQueueButton = () => import("./SaveQueueButton");
export const loadReorderSongs = () => import("./ReorderSongs");
