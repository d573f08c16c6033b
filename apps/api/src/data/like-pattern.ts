/** Escapes LIKE's wildcards so that a listener's '%' or '_' matches itself. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
