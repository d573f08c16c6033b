// The language the command line speaks: `--lang`, else the system's locale (LC_ALL, then LC_MESSAGES, then
// LANG, as POSIX orders them: 'vi_VN.UTF-8', 'sr_RS@latin'), else English. 'C' and 'POSIX' mean English.
import { DEFAULT_LOCALE, matchLocale, type Locale } from "@purplebeats/contracts/constants";

/** A system locale's language tag: 'vi_VN.UTF-8' -> 'vi_VN' (its encoding and modifier aside). */
const tagOf = (value: string) => value.split(/[.@]/)[0] ?? "";

/** The language of the environment's locale variables; English when they name none of ours. */
export function systemLocale(env: Record<string, string | undefined>): Locale {
  const value = env.LC_ALL || env.LC_MESSAGES || env.LANG || "";
  const tag = tagOf(value);
  if (tag === "C" || tag === "POSIX") return DEFAULT_LOCALE;
  return matchLocale(tag) ?? DEFAULT_LOCALE;
}

/** The `--lang` the arguments give (`--lang vi`, `--lang=vi`), if any; read before the command itself. */
export function languageFlag(argv: readonly string[]): string | undefined {
  for (const [index, arg] of argv.entries()) {
    if (arg === "--lang") return argv[index + 1] ?? "";
    if (arg.startsWith("--lang=")) return arg.slice("--lang=".length);
  }
  return undefined;
}

/** The output's language, or null when `--lang` names one we do not speak. */
export function outputLocale(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Locale | null {
  const flag = languageFlag(argv);
  if (flag === undefined) return systemLocale(env);
  return matchLocale(flag);
}
