// The dialog that asks to run an artist: a new artist profile, or a claim of the artist whose page it is opened
// from. An admin decides in the dashboard. Loaded when its button is first pressed.
import { Button, Modal, Textarea, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { ARTIST_REQUEST_LABEL } from "./artist-request";
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={claim ? `Claim ${claim.name}` : ARTIST_REQUEST_LABEL}
      centered
    >
      {opened && <RequestForm claim={claim} onDone={onClose} />}
    </Modal>
  );
}

function RequestForm({ claim, onDone }: { claim?: { id: string; name: string }; onDone(): void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState("");
  const [bio, setBio] = useState("");
  const [evidence, setEvidence] = useState("");
  const ask = trpc.artistAccounts.request.useMutation({
    onSuccess: () => {
      showToast({ title: "Request sent", message: "An admin will review it soon." });
      void utils.artistAccounts.mine.invalidate();
      onDone();
    },
    onError: (error) =>
      showToast({ title: "Request not sent", message: describeError(error), variant: "destructive" }),
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
    <form onSubmit={submit} aria-label="Artist request">
      {!claim && (
        <>
          <TextInput
            label="Artist name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <Textarea
            label="Bio"
            mt="sm"
            value={bio}
            onChange={(e) => setBio(e.currentTarget.value)}
            minRows={2}
          />
        </>
      )}
      <Textarea
        label="How can we verify you?"
        description="A link to your site or social profile, or a few words"
        mt="sm"
        value={evidence}
        onChange={(e) => setEvidence(e.currentTarget.value)}
        required
        minRows={2}
      />
      <Button type="submit" mt="md" fullWidth loading={ask.isPending}>
        Send request
      </Button>
    </form>
  );
}
