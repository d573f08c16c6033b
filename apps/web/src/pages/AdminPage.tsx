// SPEC.md section 2 "Admin dashboard", with DESIGN.md's access rule: only admins may see it (the API
// answers 403 to anyone else, and this screen says so). SPEC.md's Serbian labels are the Serbian catalog's;
// in English the dashboard speaks English (DESIGN.md, Languages).
import "@mantine/core/styles/Avatar.css";
import { Avatar, Badge, Button, CopyButton, Skeleton, Text, Title } from "@mantine/core";
import { ActionIcon } from "../ui/ActionIcon";
import type { AdminStatsDto, AdminUserDto } from "@purplebeats/contracts/schemas";
import { useAuth, CrownIcon, RefreshIcon } from "../features/account";
import {
  formatAdminDate,
  formatConversionRate,
  formatCount,
  formatRevenue,
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
  PremiumShares,
  ReleaseReview,
  ReportedSongs,
} from "../features/admin";
import { LoadError } from "../ui/layout/LoadError";
import { PREMIUM_PRICE, sizedPicture } from "@purplebeats/contracts/constants";
import { intlLocale, useLocale, useT, type MessageKey } from "../i18n";
import { LoadMore } from "../ui/layout/LoadMore";
import { httpStatusOf } from "../lib/errors";
import { trpc } from "../lib/trpc";
import screen from "../ui/layout/Screen.module.css";
import classes from "./AdminPage.module.css";

export const ADMIN_PAGE_SIZE = 50;

/** The cards, in SPEC.md's order, with their labels. */
const STAT_CARDS: Array<{
  key: keyof AdminStatsDto;
  label: MessageKey;
  format: (value: number, locale: string) => string;
}> = [
  { key: "totalUsers", label: "admin.stats.totalUsers", format: formatCount },
  { key: "premiumUsers", label: "admin.stats.premiumUsers", format: formatCount },
  { key: "revenue", label: "admin.stats.revenue", format: formatRevenue },
  { key: "conversionRate", label: "admin.stats.conversionRate", format: formatConversionRate },
  { key: "todayUsers", label: "admin.stats.todayUsers", format: formatCount },
  { key: "recentUsers", label: "admin.stats.recentUsers", format: formatCount },
  { key: "freeUsers", label: "admin.stats.freeUsers", format: formatCount },
];

export function AdminPage() {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
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
          {t("admin.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("admin.subtitle")}
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
          aria-label={t("admin.refresh")}
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
          <Text fw={700}>{t("admin.denied.title")}</Text>
          <Text size="sm" c="dimmed">
            {t("admin.denied.message")}
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
              <dt>{t(label, { price: PREMIUM_PRICE })}</dt>
              <dd>{stats.data ? format(stats.data[key], locale) : <Skeleton height={24} width="60%" />}</dd>
            </div>
          ))}
        </dl>
      )}

      <SupportRequests />
      <ArtistRequests />
      <ReleaseReview />
      <PremiumShares />
      <ReportedSongs />
      <LibraryScanCard />
      <MusicUploads />
      <CatalogManager />
      <EditorialPlaylists />
      <NewsManager />
      <ApiTokens />

      <Title order={2} className={classes.subtitle}>
        {t("admin.users.title")}
      </Title>
      {users.isPending ? (
        <Skeleton height={64} />
      ) : users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <Text c="dimmed" className={classes.empty}>
          {t("admin.users.empty")}
        </Text>
      ) : (
        <>
          <ul className={classes.users} aria-label={t("admin.users.list")}>
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
  const t = useT();
  return (
    <div className={classes.idLine}>
      <Text size="xs" c="dimmed" className={classes.wrap}>
        {t("admin.user.id", { id: userId })}
      </Text>
      <CopyButton value={userId} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            color={copied ? "teal" : "gray"}
            aria-label={copied ? undefined : t("admin.user.copyId")}
            onClick={copy}
          >
            {copied ? t("admin.copied") : t("admin.copy")}
          </Button>
        )}
      </CopyButton>
    </div>
  );
}

function AdminUserRow({ user }: { user: AdminUserDto }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
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
              aria-label={t("admin.user.premium")}
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
          {t("admin.user.registered", { date: formatAdminDate(user.createdAt, locale) })}
        </Text>
        {user.expiresAt && (
          <Text size="xs" c="dimmed">
            {t("admin.user.premiumExpires", { date: formatAdminDate(user.expiresAt, locale) })}
          </Text>
        )}
        <AdminRole user={user} />
      </div>
      <Badge color={user.isPremium ? "yellow" : "gray"} variant={user.isPremium ? "filled" : "light"}>
        {user.isPremium ? t("admin.user.premium") : t("admin.user.free")}
      </Badge>
    </li>
  );
}
