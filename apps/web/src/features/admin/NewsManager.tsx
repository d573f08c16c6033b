// 'News & Updates': admins write the announcements listeners read at /news (title, Markdown body, publish
// date: empty publishes now, a later one waits). Edit loads a post into the form; Delete removes it.
import { useState, type FormEvent } from "react";
import "@mantine/core/styles/Input.css";
import { Button, Group, Text, TextInput, Textarea, Title } from "@mantine/core";
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from "@purplebeats/contracts/constants";
import type { NewsPostDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { intlLocale, useLocale, useT } from "../../i18n";
import classes from "./AdminLibrary.module.css";

/** A datetime-local field's value (the admin's clock) as an ISO time; '' means now. */
export const publishTimeOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** An ISO time as a datetime-local field shows it, in the admin's clock. */
export function localFieldOf(iso: string) {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const EMPTY = { id: null as string | null, title: "", body: "", publishAt: "" };

export function NewsManager() {
  const t = useT();
  const utils = trpc.useUtils();
  const posts = trpc.news.adminList.useQuery({ limit: 50 });
  const [draft, setDraft] = useState(EMPTY);
  const done = () => {
    setDraft(EMPTY);
    return Promise.all([utils.news.adminList.invalidate(), utils.news.list.invalidate()]);
  };
  const create = trpc.news.create.useMutation({ onSuccess: done });
  const update = trpc.news.update.useMutation({ onSuccess: done });
  const saving = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { title: draft.title, body: draft.body, publishedAt: publishTimeOf(draft.publishAt) };
    if (draft.id) update.mutate({ id: draft.id, ...fields });
    else create.mutate(fields);
  };

  return (
    <section className={classes.section} aria-labelledby="admin-news-title">
      <Title order={2} id="admin-news-title" className={classes.sectionTitle}>
        {t("admin.news.title")}
      </Title>
      <form className={classes.report} onSubmit={submit} aria-label={t("admin.news.form")}>
        <TextInput
          label={t("admin.news.postTitle")}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
          maxLength={NEWS_TITLE_MAX}
          size="md"
        />
        <Textarea
          label={t("admin.news.body")}
          value={draft.body}
          onChange={(event) => setDraft({ ...draft, body: event.currentTarget.value })}
          maxLength={NEWS_BODY_MAX}
          rows={6}
        />
        <TextInput
          type="datetime-local"
          label={t("admin.news.publishAt")}
          description={t("admin.news.publishAtHint")}
          value={draft.publishAt}
          onChange={(event) => setDraft({ ...draft, publishAt: event.currentTarget.value })}
        />
        <Group>
          <Button type="submit" loading={saving} className={classes.touch}>
            {draft.id ? t("admin.news.save") : t("admin.news.publish")}
          </Button>
          {draft.id && (
            <Button variant="subtle" onClick={() => setDraft(EMPTY)} className={classes.touch}>
              {t("admin.news.cancel")}
            </Button>
          )}
        </Group>
      </form>
      {error && (
        <Text c="red" size="sm" role="alert">
          {describeError(error)}
        </Text>
      )}
      {posts.isError && <Text c="red">{describeError(posts.error)}</Text>}
      {posts.data?.items.length === 0 && <Text c="dimmed">{t("admin.news.none")}</Text>}
      <ul className={classes.songs} aria-label={t("admin.news.list")}>
        {posts.data?.items.map((post) => (
          <NewsRow
            key={post.id}
            post={post}
            onEdit={() =>
              setDraft({
                id: post.id,
                title: post.title,
                body: post.body,
                publishAt: localFieldOf(post.publishedAt),
              })
            }
          />
        ))}
      </ul>
    </section>
  );
}

function NewsRow({ post, onEdit }: { post: NewsPostDto; onEdit: () => void }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
  const utils = trpc.useUtils();
  const remove = trpc.news.delete.useMutation({
    onSuccess: () => Promise.all([utils.news.adminList.invalidate(), utils.news.list.invalidate()]),
  });
  const scheduled = Date.parse(post.publishedAt) > Date.now();
  return (
    <li data-testid="news-post">
      <Text size="sm" fw={600} truncate>
        {post.title}
      </Text>
      <Text size="xs" c="dimmed">
        {t(scheduled ? "admin.news.scheduled" : "admin.news.published", {
          date: new Date(post.publishedAt).toLocaleString(locale),
        })}
      </Text>
      <Group gap="xs">
        <Button size="compact-md" variant="subtle" onClick={onEdit} className={classes.touch}>
          {t("admin.edit")}
        </Button>
        <Button
          size="compact-md"
          variant="subtle"
          color="red"
          onClick={() => remove.mutate({ id: post.id })}
          loading={remove.isPending}
          aria-label={t("admin.news.deleteLabel", { title: post.title })}
          className={classes.touch}
        >
          {t("admin.news.delete")}
        </Button>
      </Group>
      {remove.isError && (
        <Text c="red" size="xs" role="alert">
          {describeError(remove.error)}
        </Text>
      )}
    </li>
  );
}
