// 'Contact support': subject and message, about a song or playlist when the link that opened it said so.
// Everyone may write, guests included; the answer arrives in Notifications.
import "@mantine/core/styles/Input.css";
import { Anchor, Button, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useT, type Translate } from "../../i18n";
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
  type SupportProblem,
} from "./support-rules";
import classes from "./Inbox.module.css";

/** A field's problem in the listener's words. */
function problemText(t: Translate, field: "subject" | "message", problem: SupportProblem | undefined) {
  if (!problem) return undefined;
  if (field === "subject")
    return problem === "required"
      ? t("inbox.subjectRequired")
      : t("inbox.subjectTooLong", { max: SUPPORT_SUBJECT_MAX });
  return problem === "required"
    ? t("inbox.messageRequired")
    : t("inbox.messageTooLong", { max: SUPPORT_MESSAGE_MAX });
}

export function SupportForm({ search }: { search: string }) {
  const t = useT();
  const topic = supportTopicOf(search);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<SupportErrors>({});
  const send = trpc.support.create.useMutation();

  if (send.isSuccess)
    return (
      <div className={classes.sent} role="status">
        <Text fw={600}>{t("inbox.sent")}</Text>
        <Anchor component={ScreenLink} to={paths.notifications} size="sm">
          {t("inbox.openNotifications")}
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
      {topic.songId && <Text size="sm">{t("inbox.aboutSong")}</Text>}
      {topic.playlistId && <Text size="sm">{t("inbox.aboutPlaylist")}</Text>}
      <TextInput
        label={t("inbox.subject")}
        value={subject}
        onChange={(event) => setSubject(event.currentTarget.value)}
        error={problemText(t, "subject", errors.subject)}
        maxLength={SUPPORT_SUBJECT_MAX}
        size="md"
        required
      />
      <Textarea
        label={t("inbox.message")}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        error={problemText(t, "message", errors.message)}
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
        {t("inbox.send")}
      </Button>
    </form>
  );
}
