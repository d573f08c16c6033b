// The downloads' background sync, a chunk of its own that the app's shell loads after the first screen.
export const loadDownloadsSync = () => import("./DownloadsSync");
