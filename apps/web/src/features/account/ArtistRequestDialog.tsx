// The dialog that asks to run an artist: a new artist profile, or a claim of the artist whose page it is opened
// from. An admin decides in the dashboard. Loaded when its button is first pressed.
import { Button, Modal, Textarea, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n";
import "../../ui/dialog-styles";

export default function ArtistRequestDialog({
  claim,
  opened,
  onClose,
}: {
  claim?: { id: string; name: string };
  opened: boolean;
  onClose(): void;
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={claim ? t("artists.claimTitle", { name: claim.name }) : t("artists.become")}
      centered
    >
      {opened && <RequestForm claim={claim} onDone={onClose} />}
    </Modal>
  );
}

function RequestForm({ claim, onDone }: { claim?: { id: string; name: string }; onDone(): void }) {
  const t = useT();
  const utils = trpc.useUtils();
  const [name, setName] = useState("");
  const [bio, setBio] = useState("");
  const [evidence, setEvidence] = useState("");
  const ask = trpc.artistAccounts.request.useMutation({
    onSuccess: () => {
      showToast({ title: t("artists.requestSent"), message: t("artists.requestSentMessage") });
      void utils.artistAccounts.mine.invalidate();
      onDone();
    },
    onError: (error) =>
      showToast({
        title: t("artists.requestNotSent"),
        message: describeError(error),
        variant: "destructive",
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(
      claim
        ? { kind: "claim", artistId: claim.id, evidence }
        : { kind: "new", name, bio: bio || undefined, evidence },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t("artists.requestForm")}>
      {!claim && (
        <>
          <TextInput
            label={t("artists.name")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <Textarea
            label={t("artists.bio")}
            mt="sm"
            value={bio}
            onChange={(e) => setBio(e.currentTarget.value)}
            minRows={2}
          />
        </>
      )}
      <Textarea
        label={t("artists.evidence")}
        description={t("artists.evidenceHint")}
        mt="sm"
        value={evidence}
        onChange={(e) => setEvidence(e.currentTarget.value)}
        required
        minRows={2}
      />
      <Button type="submit" mt="md" fullWidth loading={ask.isPending}>
        {t("artists.sendRequest")}
      </Button>
    </form>
  );
}
