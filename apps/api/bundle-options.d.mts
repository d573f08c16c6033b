import type { BuildOptions } from "esbuild";

export declare const common: BuildOptions;
export declare const bundles: Array<{ entryPoints: string[]; outfile: string }>;
