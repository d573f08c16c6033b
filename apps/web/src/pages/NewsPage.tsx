import { Title } from "@mantine/core";
import Markdown from "react-markdown";
import { LoadError } from "../ui/layout/LoadError";
import { LoadMore } from "../ui/layout/LoadMore";
import { SkeletonLine } from "../ui/layout/SkeletonLine";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import { intlLocale, useLocale } from "../i18n";
import { trpc } from "../lib/trpc";
import { NEWS_READS } from "../first-screen/first-screen-reads";
import screen from "../ui/layout/Screen.module.css";
import legal from "./LegalPage.module.css";
import classes from "./NewsPage.module.css";

/** "December 6, 2026": a post's publish date, as the server's UTC day, in the listener's language. */
export const formatNewsDate = (at: string, locale: string) =>
  new Date(at).toLocaleDateString(locale, {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * /news: News & Updates, the announcements admins publish, newest first, a page at a time. The bodies are
 * Markdown rendered as React elements as /legal's are: raw HTML is left out, never run.
 */
export function NewsPage() {
  const { t, locale } = useLocale();
  const news = trpc.news.list.useInfiniteQuery(NEWS_READS, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const posts = news.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className={`${screen.screen} ${legal.page}`}>
      <ScreenTitleBar title={t("landing.newsTitle")} />
      {news.isError ? (
        <LoadError error={news.error} onRetry={() => void news.refetch()} />
      ) : news.isPending ? (
        <div aria-label={t("landing.newsLoading")} role="status">
          {[60, 100, 90, 80].map((width, i) => (
            <SkeletonLine key={i} size="sm" width={`${width}%`} mt={8} />
          ))}
        </div>
      ) : posts.length === 0 ? (
        <p className={classes.empty}>{t("landing.newsEmpty")}</p>
      ) : (
        <>
          {posts.map((post) => (
            <article
              key={post.id}
              className={`${legal.document} ${classes.post}`}
              aria-labelledby={`news-${post.id}`}
            >
              <Title order={2} id={`news-${post.id}`} className={legal.heading}>
                {post.title}
              </Title>
              <time dateTime={post.publishedAt} className={classes.date}>
                {formatNewsDate(post.publishedAt, intlLocale(locale))}
              </time>
              <Markdown skipHtml>{post.body}</Markdown>
            </article>
          ))}
          <LoadMore
            hasMore={news.hasNextPage}
            loading={news.isFetchingNextPage}
            onLoadMore={() => void news.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
