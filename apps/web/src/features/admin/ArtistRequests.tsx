// 'Artist requests': listeners asking to run an artist (a new profile, or a claim of a catalog artist),
// oldest first, with their evidence. Approving verifies the artist and makes the listener its manager.
import { Anchor, Badge, Button, Group, Skeleton, Text, Title } from "@mantine/core";
import type { AdminArtistRequestDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { paths } from "../../lib/paths";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n";
import { LoadError } from "../../ui/layout/LoadError";
import { ScreenLink } from "../../ui/screen-link";
import classes from "./AdminLibrary.module.css";

export function ArtistRequests() {
  const t = useT();
  const requests = trpc.artistAccounts.adminList.useQuery({ status: "pending" });
  return (
    <section className={classes.section} aria-labelledby="admin-artist-requests-title">
      <Title order={2} id="admin-artist-requests-title" className={classes.sectionTitle}>
        {t("artists.admin.title")}
      </Title>
      {requests.isPending ? (
        <Skeleton height={64} />
      ) : requests.isError ? (
        <LoadError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("artists.admin.none")}
        </Text>
      ) : (
        <ul className={classes.supportList} aria-label={t("artists.admin.title")}>
          {requests.data.map((request) => (
            <ArtistRequestItem key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Evidence that is a web address is a link (opened apart from the app); anything else is text. */
const isLink = (text: string) => /^https?:\/\/\S+$/.test(text);

function ArtistRequestItem({ request }: { request: AdminArtistRequestDto }) {
  const t = useT();
  const utils = trpc.useUtils();
  const decide = trpc.artistAccounts.decide.useMutation({
    onSuccess: (decided) => {
      showToast({
        title: decided.status === "approved" ? t("artists.admin.approved") : t("artists.admin.refused"),
        message: decided.name,
      });
      void utils.artistAccounts.adminList.invalidate();
      if (decided.artistId) void utils.artists.byId.invalidate({ id: decided.artistId });
    },
    onError: (error) =>
      showToast({
        title: t("artists.admin.notDecided"),
        message: describeError(error),
        variant: "destructive",
      }),
  });
  return (
    <li className={classes.supportItem} data-testid="artist-request">
      <Group gap="xs">
        <Badge variant="light">
          {request.kind === "claim" ? t("artists.admin.claim") : t("artists.admin.new")}
        </Badge>
        <Text fw={600}>
          {request.kind === "claim" && request.artistId ? (
            <ScreenLink to={paths.artist(request.artistId)}>{request.name}</ScreenLink>
          ) : (
            request.name
          )}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t("artists.admin.by", { username: request.requester.username })}
      </Text>
      <Text size="sm">
        {isLink(request.evidence) ? (
          <Anchor href={request.evidence} target="_blank" rel="noopener noreferrer">
            {request.evidence}
          </Anchor>
        ) : (
          request.evidence
        )}
      </Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          loading={decide.isPending && decide.variables.decision === "approve"}
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: request.id, decision: "approve" })}
        >
          {t("artists.admin.approve")}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={decide.isPending && decide.variables.decision === "refuse"}
          disabled={decide.isPending}
          onClick={() => decide.mutate({ id: request.id, decision: "refuse" })}
        >
          {t("artists.admin.refuse")}
        </Button>
      </Group>
    </li>
  );
}
