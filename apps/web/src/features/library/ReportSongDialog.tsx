// 'Report': a listener tells the admins what is wrong with a song (someone else's rights, abuse or offence,
// something else), with a few words if they like. Its code loads when 'Report' is first chosen in a song's menu.
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Radio.css";
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import {
  SONG_REPORT_DETAILS_MAX,
  SONG_REPORT_REASONS,
  type SongReportReason,
} from "@purplebeats/contracts/report-rules";
import { describeError, httpStatusOf } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { REPORT_REASON_WORDS } from "../../lib/report-words";
import { useT } from "../../i18n";
import "../../ui/dialog-styles";

export interface ReportSongDialogProps {
  song: { id: string; title: string };
  opened: boolean;
  onClose(): void;
}

export default function ReportSongDialog({ song, opened, onClose }: ReportSongDialogProps) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // Above Now Playing (250), whose menu opens it too.
      zIndex={300}
      centered
      title={t("report.title", { title: song.title })}
    >
      {opened && <ReportForm song={song} onDone={onClose} />}
    </Modal>
  );
}

function ReportForm({ song, onDone }: { song: { id: string; title: string }; onDone(): void }) {
  const t = useT();
  const [reason, setReason] = useState<SongReportReason | null>(null);
  const [details, setDetails] = useState("");
  const report = trpc.songReports.create.useMutation({
    onSuccess: () => {
      showToast({ title: t("report.sent"), message: t("report.sentMessage") });
      onDone();
    },
    onError: (error) => {
      // The one conflict a report meets: the listener's earlier report of the song is still with the admins.
      if (httpStatusOf(error) === 409) {
        showToast({ title: t("report.alreadyReported"), message: song.title });
        onDone();
        return;
      }
      showToast({ title: t("report.notSent"), message: describeError(error, t), variant: "destructive" });
    },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) report.mutate({ songId: song.id, reason, details: details.trim() || undefined });
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t("report.why")}
          value={reason}
          onChange={(value) => setReason(SONG_REPORT_REASONS.find((one) => one === value) ?? null)}
          required
        >
          <Stack gap="xs" mt={4}>
            {SONG_REPORT_REASONS.map((one) => (
              <Radio key={one} value={one} label={t(REPORT_REASON_WORDS[one])} mih={44} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t("report.details")}
          description={t("report.detailsHint")}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          maxLength={SONG_REPORT_DETAILS_MAX}
          minRows={3}
        />
        <Text size="xs" c="dimmed">
          {t("report.privacy")}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("dialog.cancel")}
          </Button>
          <Button type="submit" color="red" disabled={!reason} loading={report.isPending}>
            {t("report.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
