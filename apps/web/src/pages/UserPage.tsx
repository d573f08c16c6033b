// /user/{handle}: a listener's public profile. Anyone sees the name and picture; the public playlists and
// what they follow only while the profile is public (or to its owner and admins: the server decides).
import { Button, Skeleton, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import type { PublicProfileDto } from "@purplebeats/contracts/schemas";
import {
  FollowListenerButton,
  FollowingList,
  ListenerActivity,
  UserAvatar,
  formatCount,
  usePublicProfile,
  PlaylistRowLink,
  RowList,
} from "../features/account";
import { intlLocale, useLocale, useT } from "../i18n";
import { BackButton } from "../ui/layout/BackButton";
import { LoadError } from "../ui/layout/LoadError";
import { ScreenLink } from "../ui/screen-link";
import { isNoSuchItem } from "../lib/errors";
import { paths } from "../lib/paths";
import classes from "./ProfilePage.module.css";

export function UserPage() {
  const t = useT();
  const handle = (useParams().handle ?? "").toLowerCase();
  const profile = usePublicProfile(handle);

  return (
    <div className={classes.page}>
      <header className={classes.sticky}>
        <BackButton to={paths.home} label={t("common.backToHome")} />
        <Title order={1} className={classes.heading}>
          {profile.data?.name ?? t("profile.listener")}
        </Title>
      </header>
      {profile.isPending ? (
        <section className={classes.hero} aria-label={t("profile.loading")}>
          <Skeleton circle height={96} />
          <Skeleton height={24} width={160} />
        </section>
      ) : profile.isError && isNoSuchItem(profile.error) ? (
        <Text className={classes.panel}>{t("profile.noSuchHandle")}</Text>
      ) : profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <PublicProfile profile={profile.data} />
      )}
    </div>
  );
}

function PublicProfile({ profile }: { profile: PublicProfileDto }) {
  const t = useT();
  const visible = profile.playlists !== null;
  return (
    <>
      <section className={classes.hero} aria-label={t("profile.nameProfile", { name: profile.name })}>
        <UserAvatar name={profile.name} imageUrl={profile.imageUrl} size={96} />
        <Title order={2} className={classes.name}>
          {profile.name}
        </Title>
        <Text size="sm" c="dimmed">
          @{profile.handle}
        </Text>
        {visible && (
          <dl className={classes.counts}>
            <Count label={t("profile.followers")} value={profile.followers} />
            <Count label={t("profile.following")} value={profile.following} />
            <Count label={t("profile.playlists")} value={profile.playlists?.length ?? null} />
          </dl>
        )}
        <div className={classes.buttons}>
          {profile.isOwn ? (
            <Button component={ScreenLink} to={paths.editProfile} size="sm">
              {t("profile.editProfile")}
            </Button>
          ) : (
            <FollowListenerButton
              handle={profile.handle}
              name={profile.name}
              following={profile.isFollowing}
            />
          )}
        </div>
      </section>
      {visible ? (
        <div className={classes.panel}>
          <Title order={3} className={classes.sectionTitle}>
            {t("profile.publicPlaylists")}
          </Title>
          {profile.playlists && profile.playlists.length > 0 ? (
            <RowList label={t("profile.publicPlaylistsLabel")}>
              {profile.playlists.map((playlist) => (
                <li key={playlist.id}>
                  <PlaylistRowLink playlist={playlist} />
                </li>
              ))}
            </RowList>
          ) : (
            <Text size="sm" c="dimmed">
              {t("profile.noPublicPlaylists")}
            </Text>
          )}
          {/* A private profile's activity is its owner's alone (admins see its playlists, not this). */}
          {(!profile.isPrivate || profile.isOwn) && (
            <>
              <Title order={3} className={classes.sectionTitle}>
                {t("profile.activity")}
              </Title>
              <ListenerActivity handle={profile.handle} emptyText={t("profile.nothingYet")} />
            </>
          )}
          <Title order={3} className={classes.sectionTitle}>
            {t("profile.following")}
          </Title>
          <FollowingList handle={profile.handle} emptyText={t("profile.notFollowingAnyone")} />
          <Title order={3} className={classes.sectionTitle}>
            {t("profile.followers")}
          </Title>
          <FollowingList handle={profile.handle} which="followers" emptyText={t("profile.noFollowers")} />
        </div>
      ) : (
        <Text className={classes.panel} c="dimmed" ta="center">
          {t("profile.private")}
        </Text>
      )}
    </>
  );
}

function Count({ label, value }: { label: string; value: number | null }) {
  const { locale } = useLocale();
  return (
    <div className={classes.count}>
      <dd>{value === null ? "–" : formatCount(value, intlLocale(locale))}</dd>
      <dt>{label}</dt>
    </div>
  );
}
