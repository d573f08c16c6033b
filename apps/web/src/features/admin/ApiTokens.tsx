// 'API tokens': admin API tokens for the admin command line and other internal tools. A new token is
// shown once (only its SHA-256 is kept); the list shows what each is for, its scope and last use.
import { useState } from "react";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/Code.css";
import { Button, Code, CopyButton, Group, Radio, Text, TextInput, Title } from "@mantine/core";
import type { AdminTokenDto, AdminTokenScope, CreatedAdminTokenDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { intlLocale, useLocale, useT } from "../../i18n";
import { aroundPlaceholder, PLACEHOLDER } from "./admin-format";
import classes from "./AdminLibrary.module.css";

export function ApiTokens() {
  const t = useT();
  const [beforeCommand, afterCommand] = aroundPlaceholder(t("admin.tokens.intro", { command: PLACEHOLDER }));
  const utils = trpc.useUtils();
  const tokens = trpc.admin.apiTokens.useQuery();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<AdminTokenScope>("read");
  const [created, setCreated] = useState<CreatedAdminTokenDto | null>(null);
  const create = trpc.admin.createApiToken.useMutation({
    onSuccess: (token) => {
      setCreated(token);
      setName("");
      void utils.admin.apiTokens.invalidate();
    },
  });

  return (
    <section className={classes.section} aria-labelledby="admin-tokens-title">
      <Title order={2} id="admin-tokens-title" className={classes.sectionTitle}>
        {t("admin.tokens.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {beforeCommand}
        <Code>pnpm admin</Code>
        {afterCommand}
      </Text>
      <form
        className={classes.report}
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, scope });
        }}
      >
        <TextInput
          label={t("admin.tokens.purpose")}
          placeholder={t("admin.tokens.purposeHint")}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          size="md"
          maxLength={60}
        />
        <Radio.Group
          label={t("admin.tokens.scope")}
          value={scope}
          onChange={(value) => setScope(value === "manage" ? "manage" : "read")}
        >
          <Group mt={4}>
            <Radio value="read" label={t("admin.tokens.read")} className={classes.touch} />
            <Radio value="manage" label={t("admin.tokens.manage")} className={classes.touch} />
          </Group>
        </Radio.Group>
        <Button type="submit" loading={create.isPending} className={classes.touch}>
          {t("admin.tokens.create")}
        </Button>
      </form>
      {create.isError && (
        <Text c="red" size="sm" role="alert">
          {describeError(create.error)}
        </Text>
      )}
      {created && <NewToken token={created} />}
      {tokens.isError && <Text c="red">{describeError(tokens.error)}</Text>}
      {tokens.data?.length === 0 && <Text c="dimmed">{t("admin.tokens.none")}</Text>}
      <ul className={classes.songs} aria-label={t("admin.tokens.title")}>
        {tokens.data?.map((token) => (
          <TokenRow key={token.id} token={token} />
        ))}
      </ul>
    </section>
  );
}

function NewToken({ token }: { token: CreatedAdminTokenDto }) {
  const t = useT();
  return (
    <div className={classes.report} data-testid="new-api-token">
      <Text size="sm" fw={600}>
        {t("admin.tokens.shownOnce")}
      </Text>
      <Code block className={classes.path}>
        {token.token}
      </Code>
      <CopyButton value={token.token} timeout={2000}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} className={classes.touch}>
            {copied ? t("admin.copied") : t("admin.tokens.copy")}
          </Button>
        )}
      </CopyButton>
    </div>
  );
}

function TokenRow({ token }: { token: AdminTokenDto }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
  const utils = trpc.useUtils();
  const revoke = trpc.admin.revokeApiToken.useMutation({
    onSuccess: () => void utils.admin.apiTokens.invalidate(),
  });
  return (
    <li data-testid="api-token">
      <Text size="sm" fw={600} truncate>
        {token.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t("admin.tokens.row", {
          scope: token.scope,
          made: new Date(token.createdAt).toLocaleDateString(locale),
          used: token.lastUsedAt
            ? new Date(token.lastUsedAt).toLocaleString(locale)
            : t("admin.tokens.never"),
        })}
      </Text>
      <Button
        size="compact-md"
        variant="subtle"
        color="red"
        onClick={() => revoke.mutate({ id: token.id })}
        loading={revoke.isPending}
        aria-label={t("admin.tokens.revokeLabel", { name: token.name })}
        className={classes.touch}
      >
        {t("admin.tokens.revoke")}
      </Button>
      {revoke.isError && (
        <Text c="red" size="xs" role="alert">
          {describeError(revoke.error)}
        </Text>
      )}
    </li>
  );
}
