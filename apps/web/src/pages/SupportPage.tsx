import { Text } from "@mantine/core";
import { useT } from "../i18n";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { useLocation } from "react-router-dom";
import { SupportForm } from "../features/inbox";
import screen from "../ui/layout/Screen.module.css";

/** /support: 'Contact support' for every listener; members' requests are answered first. */
export function SupportPage() {
  const t = useT();
  const { search } = useLocation();
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title={t("inbox.supportTitle")} />
      <Text size="sm" c="dimmed">
        {t("inbox.supportIntro")}
      </Text>
      <SupportForm search={search} />
    </div>
  );
}
