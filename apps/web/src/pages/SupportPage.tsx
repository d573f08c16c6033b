import { Text } from "@mantine/core";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { useLocation } from "react-router-dom";
import { SupportForm } from "../features/inbox";
import screen from "../ui/layout/Screen.module.css";

/** /support: 'Contact support' for every listener; members' requests are answered first. */
export function SupportPage() {
  const { search } = useLocation();
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title="Contact support" />
      <Text size="sm" c="dimmed">
        Tell us what went wrong or what you need. Premium members&apos; requests are answered first.
      </Text>
      <SupportForm search={search} />
    </div>
  );
}
