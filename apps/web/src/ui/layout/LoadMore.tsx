import { Button } from "@mantine/core";
import { useEffect, useEffectEvent, useRef } from "react";
import { useT } from "../../i18n";

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a paged list: loads the next page when it scrolls into view (infinite scroll),
 * and stays a 'Load more' button for keyboards and browsers without IntersectionObserver.
 */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const loadIfIdle = useEffectEvent(() => {
    if (!loading) onLoadMore();
  });

  useEffect(() => {
    const button = ref.current;
    if (!hasMore || !button || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadIfIdle();
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [hasMore]);

  if (!hasMore) return null;
  return (
    <Button ref={ref} variant="light" fullWidth mt="md" loading={loading} onClick={onLoadMore}>
      {t("common.loadMore")}
    </Button>
  );
}
