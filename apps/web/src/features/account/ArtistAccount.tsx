// Running an artist: the Account screen's 'Artists' card (the artists the listener manages, with their
// balances, and their requests) and the dialog that asks to become one: a new artist profile, or a claim of
// the artist whose page it is opened from. An admin decides in the dashboard.
import { Button, Modal, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { describeError } from "../../lib/errors";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { isGuestUid } from "../../lib/identity";
import { useAuth } from "./AuthProvider";
import { formatPi } from "./receipt-format";
import card from "../../ui/layout/Card.module.css";
import "../../ui/dialog-styles";

const STATUS_WORDS = { pending: "Waiting for review", approved: "Approved", refused: "Refused" } as const;

/** 'Become an artist' (a new profile), or 'Claim this artist' when `claim` names the artist. */
export function ArtistRequestButton({ claim }: { claim?: { id: string; name: string } }) {
  const [opened, setOpened] = useState(false);
  const label = claim ? "Claim this artist" : "Become an artist";
  return (
    <>
      <Button
        variant={claim ? "subtle" : "light"}
        size={claim ? "compact-sm" : "sm"}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={claim ? `Claim ${claim.name}` : label}
        centered
      >
        {opened && <RequestForm claim={claim} onDone={() => setOpened(false)} />}
      </Modal>
    </>
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

/** The Account screen's 'Artists' card, for Pi listeners (a guest has no wallet to be paid in). */
export function ArtistAccountCard() {
  const { user } = useAuth();
  const pi = user !== null && !isGuestUid(user.uid);
  const mine = trpc.artistAccounts.mine.useQuery(undefined, { enabled: pi });
  if (!pi) return null;
  const waiting = mine.data?.requests.some((r) => r.status === "pending") ?? false;
  return (
    <section className={card.card} aria-labelledby="account-artists" data-testid="artist-account">
      <Title order={2} id="account-artists" className={card.cardTitle}>
        Artists
      </Title>
      {mine.data?.managed.map((artist) => (
        <Text key={artist.id}>
          {artist.name}: {formatPi(String(Number(artist.balance)))} balance
        </Text>
      ))}
      {mine.data?.requests
        .filter((r) => r.status !== "approved")
        .map((r) => (
          <Text key={r.id} size="sm" c="dimmed">
            {r.name}: {STATUS_WORDS[r.status]}
          </Text>
        ))}
      {!waiting && <ArtistRequestButton />}
    </section>
  );
}
