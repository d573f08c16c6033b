// SPEC.md section 2 "Admin dashboard", with DESIGN.md's access rule: only admins may see it (the API
// answers 403 to anyone else, and this screen says so). Labels mix Serbian and English, as SPEC.md has them.
import "@mantine/core/styles/Avatar.css";
import { Avatar, Badge, Button, CopyButton, Skeleton, Text, Title } from "@mantine/core";
import { ActionIcon } from "../ui/ActionIcon";
import type { AdminStatsDto, AdminUserDto } from "@purplebeats/contracts/schemas";
import { useAuth, CrownIcon, RefreshIcon } from "../features/account";
import {
  formatConversionRate,
  formatRevenue,
  formatSerbianDate,
  initialOf,
  AdminRole,
  ApiTokens,
  CatalogManager,
  EditorialPlaylists,
  LibraryScanCard,
  MusicUploads,
  NewsManager,
  SupportRequests,
  ArtistRequests,
} from "../features/admin";
import { LoadError } from "../ui/layout/LoadError";
import { sizedPicture } from "@purplebeats/contracts/constants";
import { LoadMore } from "../ui/layout/LoadMore";
import { httpStatusOf } from "../lib/errors";
import { trpc } from "../lib/trpc";
import screen from "../ui/layout/Screen.module.css";
import classes from "./AdminPage.module.css";

export const ADMIN_PAGE_SIZE = 50;
export const NOT_ALLOWED = "You are not allowed to view the admin dashboard.";
export const NO_USERS = "Nema registrovanih korisnika";

/** The cards, in SPEC.md's order, with their labels. */
export const STAT_CARDS: Array<{
  key: keyof AdminStatsDto;
  label: string;
  format?: (value: number) => string;
}> = [
  { key: "totalUsers", label: "Ukupno korisnika" },
  { key: "premiumUsers", label: "Platili 3.14π" },
  { key: "revenue", label: "Ukupan prihod", format: formatRevenue },
  { key: "conversionRate", label: "Conversion rate", format: formatConversionRate },
  { key: "todayUsers", label: "Danas novih" },
  { key: "recentUsers", label: "Poslednjih 7 dana" },
  { key: "freeUsers", label: "Free korisnici" },
];

export function AdminPage() {
  const { user, loading } = useAuth();
  const allowed = user?.isAdmin === true;
  const stats = trpc.admin.stats.useQuery(undefined, { enabled: allowed });
  const users = trpc.admin.users.useInfiniteQuery(
    { limit: ADMIN_PAGE_SIZE },
    { enabled: allowed, getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const refused = httpStatusOf(stats.error) === 403 || httpStatusOf(users.error) === 403;

  const header = (
    <div className={classes.header}>
      <div>
        <Title order={1} className={classes.title}>
          Admin Dashboard
        </Title>
        <Text size="sm" c="dimmed">
          Pregled korisnika i prihoda
        </Text>
      </div>
      {allowed && !refused && (
        <ActionIcon
          variant="light"
          onClick={() => {
            void stats.refetch();
            void users.refetch();
          }}
          loading={stats.isRefetching || (users.isRefetching && !users.isFetchingNextPage)}
          aria-label="Osveži (Refresh)"
        >
          <RefreshIcon size={20} />
        </ActionIcon>
      )}
    </div>
  );

  if (loading) {
    return (
      <div className={screen.screen}>
        {header}
        <Skeleton height={120} />
      </div>
    );
  }
  if (!allowed || refused) {
    return (
      <div className={screen.screen}>
        {header}
        <div className={classes.denied} role="alert">
          <Text fw={700}>Pristup odbijen (Access denied)</Text>
          <Text size="sm" c="dimmed">
            {NOT_ALLOWED}
          </Text>
        </div>
      </div>
    );
  }

  const list = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className={screen.screen}>
      {header}
      {stats.isError ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <dl className={classes.cards} data-testid="admin-stats">
          {STAT_CARDS.map(({ key, label, format }) => (
            <div key={key} className={classes.card} data-testid={`admin-stat-${key}`}>
              <dt>{label}</dt>
              <dd>
                {stats.data ? (format ?? String)(stats.data[key]) : <Skeleton height={24} width="60%" />}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <SupportRequests />
      <ArtistRequests />
      <LibraryScanCard />
      <MusicUploads />
      <CatalogManager />
      <EditorialPlaylists />
      <NewsManager />
      <ApiTokens />

      <Title order={2} className={classes.subtitle}>
        Svi korisnici (All users)
      </Title>
      {users.isPending ? (
        <Skeleton height={64} />
      ) : users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed" className={classes.empty}>
          {NO_USERS}
        </Text>
      ) : (
        <>
          <ul className={classes.users} aria-label="Korisnici">
            {list.map((entry) => (
              <AdminUserRow key={entry.id} user={entry} />
            ))}
          </ul>
          <LoadMore
            hasMore={users.hasNextPage}
            loading={users.isFetchingNextPage}
            onLoadMore={() => void users.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

/** A Pi listener's @username, then the nickname they chose when it differs (SPEC.md's '@nickname'). */
function handlesOf({ username, nickname }: AdminUserDto): string {
  const handles = [username, nickname].filter((handle): handle is string => Boolean(handle));
  return [...new Set(handles)].map((handle) => `@${handle}`).join(" · ");
}

/** The whole id, wrapped on a phone rather than cut, and a button that copies it ('Copied' for 2 s). */
function UserId({ userId }: { userId: string }) {
  return (
    <div className={classes.idLine}>
      <Text size="xs" c="dimmed" className={classes.wrap}>
        ID: {userId}
      </Text>
      <CopyButton value={userId} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            color={copied ? "teal" : "gray"}
            aria-label={copied ? undefined : "Copy user ID"}
            onClick={copy}
          >
            {copied ? "Copied" : "Copy"}
          </Button>
        )}
      </CopyButton>
    </div>
  );
}

function AdminUserRow({ user }: { user: AdminUserDto }) {
  return (
    <li className={classes.user} data-testid="admin-user">
      <Avatar
        src={user.imageUrl || null}
        imageProps={user.imageUrl ? sizedPicture(user.imageUrl, "44px") : undefined}
        alt={user.name}
        radius="xl"
        color="purple"
        variant="filled"
        size={44}
      >
        {initialOf(user.name)}
      </Avatar>
      <div className={classes.userText}>
        <div className={classes.nameLine}>
          <Text fw={600} size="sm" truncate>
            {user.name}
          </Text>
          {user.isPremium && (
            <CrownIcon
              size={16}
              color="var(--mantine-color-yellow-5)"
              aria-hidden={false}
              aria-label="Premium"
              role="img"
            />
          )}
        </div>
        <UserId userId={user.userId} />
        {handlesOf(user) && (
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {handlesOf(user)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Registrovan: {formatSerbianDate(user.createdAt)}
        </Text>
        {user.expiresAt && (
          <Text size="xs" c="dimmed">
            Premium ističe: {formatSerbianDate(user.expiresAt)}
          </Text>
        )}
        <AdminRole user={user} />
      </div>
      <Badge color={user.isPremium ? "yellow" : "gray"} variant={user.isPremium ? "filled" : "light"}>
        {user.isPremium ? "Premium" : "Free"}
      </Badge>
    </li>
  );
}
