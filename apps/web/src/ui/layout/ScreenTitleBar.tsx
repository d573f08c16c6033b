import { Title } from "@mantine/core";
import { paths } from "../../lib/paths";
import { BackButton } from "./BackButton";
import screen from "./Screen.module.css";
import { useT } from "../../i18n";

/**
 * The top of a screen opened from the account menu or a link (Account, Notifications, Settings, ...): the
 * arrow back and the screen's title on one row, the same on every such screen.
 */
export function ScreenTitleBar({ title }: { title: string }) {
  const t = useT();
  return (
    <div className={screen.topBar}>
      <BackButton to={paths.home} label={t("common.backToHome")} />
      <Title order={1} className={screen.barTitle}>
        {title}
      </Title>
    </div>
  );
}
