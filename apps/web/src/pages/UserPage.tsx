// /user/{handle}: a listener's public profile. Anyone sees the name and picture; the public playlists and
// what they follow only while the profile is public (or to its owner and admins: the server decides).
import { Button, Skeleton, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { PRIVATE_PROFILE_MESSAGE } from "@purplebeats/contracts/constants";
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
import { BackButton } from "../ui/layout/BackButton";
import { LoadError } from "../ui/layout/LoadError";
import { ScreenLink } from "../ui/screen-link";
import { isNoSuchItem } from "../lib/errors";
import { paths } from "../lib/paths";
import classes from "./ProfilePage.module.css";

export function UserPage() {
  const handle = (useParams().handle ?? "").toLowerCase();
  const profile = usePublicProfile(handle);

  return (
    <div className={classes.page}>
      <header className={classes.sticky}>
        <BackButton to={paths.home} label="Back to Home" />
        <Title order={1} className={classes.heading}>
          {profile.data?.name ?? "Listener"}
        </Title>
      </header>
      {profile.isPending ? (
        <section className={classes.hero} aria-label="Loading profile">
          <Skeleton circle height={96} />
          <Skeleton height={24} width={160} />
        </section>
      ) : profile.isError && isNoSuchItem(profile.error) ? (
        <Text className={classes.panel}>No listener has that handle</Text>
      ) : profile.isError ? (
        <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <PublicProfile profile={profile.data} />
      )}
    </div>
  );
}

function PublicProfile({ profile }: { profile: PublicProfileDto }) {
  const visible = profile.playlists !== null;
  return (
    <>
      <section className={classes.hero} aria-label={`${profile.name}'s profile`}>
        <UserAvatar name={profile.name} imageUrl={profile.imageUrl} size={96} />
        <Title order={2} className={classes.name}>
          {profile.name}
        </Title>
        <Text size="sm" c="dimmed">
          @{profile.handle}
        </Text>
        {visible && (
          <dl className={classes.counts}>
            <Count label="Followers" value={profile.followers} />
            <Count label="Following" value={profile.following} />
            <Count label="Playlists" value={profile.playlists?.length ?? null} />
          </dl>
        )}
        <div className={classes.buttons}>
          {profile.isOwn ? (
            <Button component={ScreenLink} to={paths.editProfile} size="sm">
              Edit Profile
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
            Public Playlists
          </Title>
          {profile.playlists && profile.playlists.length > 0 ? (
            <RowList label="Public playlists">
              {profile.playlists.map((playlist) => (
                <li key={playlist.id}>
                  <PlaylistRowLink playlist={playlist} />
                </li>
              ))}
            </RowList>
          ) : (
            <Text size="sm" c="dimmed">
              No public playlists yet
            </Text>
          )}
          {/* A private profile's activity is its owner's alone (admins see its playlists, not this). */}
          {(!profile.isPrivate || profile.isOwn) && (
            <>
              <Title order={3} className={classes.sectionTitle}>
                Activity
              </Title>
              <ListenerActivity handle={profile.handle} emptyText="Nothing yet" />
            </>
          )}
          <Title order={3} className={classes.sectionTitle}>
            Following
          </Title>
          <FollowingList handle={profile.handle} emptyText="Not following anyone yet" />
          <Title order={3} className={classes.sectionTitle}>
            Followers
          </Title>
          <FollowingList handle={profile.handle} which="followers" emptyText="No followers yet" />
        </div>
      ) : (
        <Text className={classes.panel} c="dimmed" ta="center">
          {PRIVATE_PROFILE_MESSAGE}
        </Text>
      )}
    </>
  );
}

function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <div className={classes.count}>
      <dd>{value === null ? "–" : formatCount(value)}</dd>
      <dt>{label}</dt>
    </div>
  );
}
