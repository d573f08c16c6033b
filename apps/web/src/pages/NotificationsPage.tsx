import { useT } from "../i18n";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { NotificationList } from "../features/inbox";
import screen from "../ui/layout/Screen.module.css";

/** /notifications: the listener's inbox (new followers, receipts, membership, support answers, releases). */
export function NotificationsPage() {
  const t = useT();
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title={t("inbox.title")} />
      <NotificationList />
    </div>
  );
}
