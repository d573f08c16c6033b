// 'Contact support': subject and message, about a song or playlist when the link that opened it said so.
// Everyone may write, guests included; the answer arrives in Notifications.
import "@mantine/core/styles/Input.css";
import { Anchor, Button, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { describeError } from "../../lib/errors";
import { paths } from "../../lib/paths";
import { trpc } from "../../lib/trpc";
import { ScreenLink } from "../../ui/screen-link";
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_SUBJECT_MAX,
  supportTopicOf,
  validateSupportDraft,
  type SupportErrors,
} from "./support-rules";
import classes from "./Inbox.module.css";

export const SENT_MESSAGE = "Thank you! We will answer in your Notifications.";

export function SupportForm({ search }: { search: string }) {
  const topic = supportTopicOf(search);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<SupportErrors>({});
  const send = trpc.support.create.useMutation();

  if (send.isSuccess)
    return (
      <div className={classes.sent} role="status">
        <Text fw={600}>{SENT_MESSAGE}</Text>
        <Anchor component={ScreenLink} to={paths.notifications} size="sm">
          Open Notifications
        </Anchor>
      </div>
    );

  return (
    <form
      className={classes.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = validateSupportDraft({ subject, message });
        setErrors(found);
        if (Object.keys(found).length === 0) send.mutate({ subject, message, ...topic });
      }}
    >
      {topic.songId && <Text size="sm">About a song</Text>}
      {topic.playlistId && <Text size="sm">About a playlist</Text>}
      <TextInput
        label="Subject"
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        error={errors.subject}
        maxLength={SUPPORT_SUBJECT_MAX}
        size="md"
        required
      />
      <Textarea
        label="Message"
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        error={errors.message}
        maxLength={SUPPORT_MESSAGE_MAX}
        rows={6}
        size="md"
        required
      />
      {send.isError && (
        <Text c="red" size="sm" role="alert">
          {describeError(send.error)}
        </Text>
      )}
      <Button type="submit" size="md" loading={send.isPending}>
        Send
      </Button>
    </form>
  );
}
