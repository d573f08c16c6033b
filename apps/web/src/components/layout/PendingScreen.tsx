import { Text, Title } from "@mantine/core";
import classes from "./PendingScreen.module.css";

/** A screen whose issue is still open: its title and a plain note, so nobody mistakes it for finished. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <div className={classes.screen} data-testid="pending-screen">
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <Text c="dimmed">This screen is coming soon.</Text>
    </div>
  );
}
