import { Menu } from "@mantine/core";
import type { ReactNode } from "react";
import { CrownIcon } from "./icons";
import classes from "./library.module.css";
import { useT } from "../../i18n";
import "./menu-styles";

export interface PremiumMenuItemProps {
  /** A free listener: the option is greyed with the upgrade mark, and choosing it shows the premium toast. */
  locked: boolean;
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * A premium-only option of a menu. It stays clickable when locked, so that choosing it can say why it
 * is greyed (the 'Premium Feature' toast with its Upgrade action).
 */
export function PremiumMenuItem({ locked, onClick, icon, children }: PremiumMenuItemProps) {
  const t = useT();
  return (
    <Menu.Item
      onClick={onClick}
      leftSection={icon}
      rightSection={locked ? <CrownIcon className={classes.crown} size={16} /> : undefined}
      className={locked ? classes.locked : undefined}
      data-locked={locked || undefined}
      title={locked ? t("premium.featureHint") : undefined}
    >
      {children}
    </Menu.Item>
  );
}
