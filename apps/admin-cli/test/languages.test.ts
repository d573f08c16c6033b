// The command line speaks the operator's language: `--lang`, else LC_ALL / LC_MESSAGES / LANG, else English;
// its catalogs hold every key in every language, with English's placeholders, and no key nothing uses.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compiledPlaceholders, LOCALES } from "@purplebeats/contracts/constants";
import type { AdminStatsDto } from "@purplebeats/contracts/schemas";
import { formatStats } from "../src/format.js";
import { outputLocale, systemLocale } from "../src/i18n/language.js";
import { CLI_CATALOGS, cliTranslator } from "../src/i18n/translator.js";
import { runAdmin } from "../src/run.js";

const TOKEN = `pb_admin_${"a".repeat(43)}`;
const SRC = path.resolve(import.meta.dirname, "../src");

async function run(argv: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const output = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
  const refused: typeof fetch = () => Promise.reject(new TypeError("fetch failed"));
  const code = await runAdmin(argv, { PURPLEBEATS_URL: "http://127.0.0.1:9", ...env }, output, refused);
  return { code, text: lines.join("\n") };
}

describe("the command line's language", () => {
  it("follows the system's locale variables as POSIX orders them", () => {
    expect(systemLocale({})).toBe("en");
    expect(systemLocale({ LANG: "vi_VN.UTF-8" })).toBe("vi");
    expect(systemLocale({ LANG: "vi_VN.UTF-8", LC_ALL: "ko_KR.UTF-8" })).toBe("ko");
    expect(systemLocale({ LANG: "es_ES.UTF-8", LC_MESSAGES: "pt_BR.UTF-8" })).toBe("pt-BR");
    expect(systemLocale({ LANG: "sr_RS@latin" })).toBe("sr-Latn");
    expect(systemLocale({ LANG: "zh_TW.UTF-8" })).toBe("zh-TW");
    expect(systemLocale({ LANG: "C.UTF-8" })).toBe("en");
    expect(systemLocale({ LANG: "de_DE.UTF-8" })).toBe("en");
  });

  it("lets --lang win, and refuses a language it does not speak", async () => {
    expect(outputLocale(["stats", "--lang", "vi"], { LANG: "ko_KR.UTF-8" })).toBe("vi");
    expect(outputLocale(["stats", "--lang=zh-CN"], {})).toBe("zh-CN");
    expect(outputLocale(["stats", "--lang", "xx"], {})).toBeNull();
    const unknown = await run(["stats", "--lang", "xx"], { PURPLEBEATS_ADMIN_TOKEN: TOKEN });
    expect(unknown.code).toBe(2);
    expect(unknown.text).toContain("Unknown language: xx (one of en, sr-Latn, vi");
  });

  it("says its usage, mistakes and failures in the chosen language", async () => {
    expect((await run(["--lang", "vi"], {})).text).toContain("Cách dùng: pnpm admin <lệnh>");
    expect((await run(["deploy"], { LANG: "vi_VN.UTF-8" })).text).toContain("Lệnh không xác định: deploy");
    expect((await run(["stats"], { LANG: "ko_KR.UTF-8" })).text).toContain(
      "PURPLEBEATS_ADMIN_TOKEN을 관리자 API 토큰으로 설정하세요",
    );
    const unreachable = await run(["stats", "--lang", "es"], { PURPLEBEATS_ADMIN_TOKEN: TOKEN });
    expect(unreachable).toEqual({
      code: 1,
      text: "No se pudo conectar con http://127.0.0.1:9 (fetch failed). ¿Está funcionando el servidor?",
    });
    expect((await run(["stats"], { PURPLEBEATS_ADMIN_TOKEN: TOKEN })).text).toContain(
      "Could not reach http://127.0.0.1:9",
    );
  });

  it("labels the figures in the chosen language, aligned", () => {
    const stats: AdminStatsDto = {
      totalUsers: 10,
      premiumUsers: 3,
      freeUsers: 7,
      revenue: 9.42,
      conversionRate: 30,
      todayUsers: 1,
      recentUsers: 4,
    } as AdminStatsDto;
    const lines = formatStats(stats, cliTranslator("vi"));
    expect(lines[0]).toMatch(/^Tổng số người dùng\s+10$/);
    expect(new Set(lines.map((line) => line.lastIndexOf("  ")))).toHaveProperty("size", 1);
  });
});

describe("the command line's catalogs", () => {
  const english = CLI_CATALOGS.en;
  const placeholders = (message: string) => compiledPlaceholders(compileMessageOrThrow(message));

  it("hold every key in every language, with English's placeholders", () => {
    for (const locale of LOCALES) {
      const catalog = CLI_CATALOGS[locale];
      expect({ locale, keys: Object.keys(catalog).sort() }).toEqual({
        locale,
        keys: Object.keys(english).sort(),
      });
      for (const [key, message] of Object.entries(catalog))
        expect({ locale, key, names: placeholders(message) }).toEqual({
          locale,
          key,
          names: placeholders(english[key as keyof typeof english] ?? ""),
        });
      expect(() => cliTranslator(locale)).not.toThrow();
    }
  });

  it("hold no key that nothing uses", () => {
    const source = readdirSync(SRC, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => readFileSync(path.join(SRC, file), "utf8"))
      .join("\n");
    expect(Object.keys(english).filter((key) => !source.includes(`"${key}"`))).toEqual([]);
  });
});
