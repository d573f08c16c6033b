import { useEffect, useRef } from "react";
import { useLocale, type CatalogLocale } from "../../i18n";

/**
 * A listener's profile names the language they chose (on another device, say): the app switches to it when
 * the profile says a language it had not said before (a language tried on this device alone is left alone).
 */
export function useProfileLanguage(language: CatalogLocale | null | undefined) {
  const { locale, setLocale } = useLocale();
  const applied = useRef<CatalogLocale | null | undefined>(undefined);
  useEffect(() => {
    if (!language || language === applied.current) return;
    applied.current = language;
    if (language !== locale) void setLocale(language);
  }, [language, locale, setLocale]);
}
