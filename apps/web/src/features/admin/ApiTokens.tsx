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
import classes from "./AdminLibrary.module.css";

export const SHOWN_ONCE = "Copy it now: it is shown only this once.";

export function ApiTokens() {
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
        API tokens
      </Title>
      <Text size="sm" c="dimmed">
        For the admin command line (<Code>pnpm admin</Code>): a read token runs stats and users, a manage
        token also scans. No token may change roles: that needs your own session, here.
      </Text>
      <form
        className={classes.report}
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, scope });
        }}
      >
        <TextInput
          label="What is it for?"
          placeholder="laptop CLI"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          size="md"
          maxLength={60}
        />
        <Radio.Group
          label="Scope"
          value={scope}
          onChange={(value) => setScope(value === "manage" ? "manage" : "read")}
        >
          <Group mt={4}>
            <Radio value="read" label="Read" className={classes.touch} />
            <Radio value="manage" label="Manage" className={classes.touch} />
          </Group>
        </Radio.Group>
        <Button type="submit" loading={create.isPending} className={classes.touch}>
          Create token
        </Button>
      </form>
      {create.isError && (
        <Text c="red" size="sm" role="alert">
          {describeError(create.error)}
        </Text>
      )}
      {created && <NewToken token={created} />}
      {tokens.isError && <Text c="red">{describeError(tokens.error)}</Text>}
      {tokens.data?.length === 0 && <Text c="dimmed">No API tokens.</Text>}
      <ul className={classes.songs} aria-label="API tokens">
        {tokens.data?.map((token) => (
          <TokenRow key={token.id} token={token} />
        ))}
      </ul>
    </section>
  );
}

function NewToken({ token }: { token: CreatedAdminTokenDto }) {
  return (
    <div className={classes.report} data-testid="new-api-token">
      <Text size="sm" fw={600}>
        {SHOWN_ONCE}
      </Text>
      <Code block className={classes.path}>
        {token.token}
      </Code>
      <CopyButton value={token.token} timeout={2000}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} className={classes.touch}>
            {copied ? "Copied" : "Copy token"}
          </Button>
        )}
      </CopyButton>
    </div>
  );
}

function TokenRow({ token }: { token: AdminTokenDto }) {
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
        {token.scope} · made {new Date(token.createdAt).toLocaleDateString()} · last used{" "}
        {token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString() : "never"}
      </Text>
      <Button
        size="compact-md"
        variant="subtle"
        color="red"
        onClick={() => revoke.mutate({ id: token.id })}
        loading={revoke.isPending}
        aria-label={`Revoke ${token.name}`}
        className={classes.touch}
      >
        Revoke
      </Button>
      {revoke.isError && (
        <Text c="red" size="xs" role="alert">
          {describeError(revoke.error)}
        </Text>
      )}
    </li>
  );
}
