export function inlineParts(html: string): string[];
export function inlineBytes(html: string): number;
export function inlinedStylesheets(html: string): string[];
