// "Share my likes" and "Private session": what followers see of the listener's listening. Self-contained
// (it reads and saves its own settings), so Settings & Privacy can place it as it is; Edit Profile shows it
// meanwhile. Each switch saves at once, as a phone's settings do.
import "@mantine/core/styles/Switch.css";
import { Switch, Text, Title } from "@mantine/core";
import { PRIVATE_SESSION_HOURS } from "@purplebeats/contracts/constants";
import { useActivitySettings, useUpdateActivitySettings } from "./activity";
import { formatSessionEnd } from "./activity-format";

export function ActivityPrivacySettings({ className }: { className?: string }) {
  const settings = useActivitySettings();
  const update = useUpdateActivitySettings();
  const current = settings.data;
  // The switch shows the change asked for while it is saved.
  const asked = (value: unknown) => (update.isPending && typeof value === "boolean" ? value : undefined);
  const shareLikes = asked(update.variables?.shareLikes) ?? current?.shareLikes ?? true;
  const privateSession =
    asked(update.variables?.privateSession) ?? (current ? current.privateSessionUntil !== null : false);
  const disabled = !current || update.isPending;
  return (
    <section className={className} aria-labelledby="activity-privacy-title">
      <Title order={2} id="activity-privacy-title" size="h4">
        Activity Privacy
      </Title>
      <Switch
        mt="md"
        label="Share my likes"
        description="People who follow you see the songs you like"
        checked={shareLikes}
        disabled={disabled}
        onChange={(event) => update.mutate({ shareLikes: event.currentTarget.checked })}
      />
      <Switch
        mt="md"
        label="Private session"
        description={`For ${PRIVATE_SESSION_HOURS} hours, what you play counts nowhere others can see`}
        checked={privateSession}
        disabled={disabled}
        onChange={(event) => update.mutate({ privateSession: event.currentTarget.checked })}
      />
      {current?.privateSessionUntil && !update.isPending && (
        <Text size="xs" c="dimmed" mt={4} data-testid="private-session-until">
          Private session on until {formatSessionEnd(current.privateSessionUntil)}
        </Text>
      )}
    </section>
  );
}
