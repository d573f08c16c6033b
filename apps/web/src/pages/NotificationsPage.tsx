import { Title } from "@mantine/core";
import { NotificationList } from "../features/inbox";
import screen from "../ui/layout/Screen.module.css";

/** /notifications: the listener's inbox (new followers, receipts, membership, support answers, releases). */
export function NotificationsPage() {
  return (
    <div className={screen.screen}>
      <Title order={1} mb="sm">
        Notifications
      </Title>
      <NotificationList />
    </div>
  );
}
