// A listener's admin role on the dashboard's user list: granted and removed from the admin's own session
// (the API refuses any API token). An admin by the server's ADMIN_UIDS cannot be demoted here: the
// control is disabled and says why, as the API would (409).
import { Badge, Button, Text } from "@mantine/core";
import type { AdminUserDto } from "@purplebeats/contracts/schemas";
import { describeError } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { useT } from "../../i18n";

type RoleFacts = Pick<AdminUserDto, "userId" | "name" | "isAdmin" | "isConfiguredAdmin">;

export function AdminRole({ user }: { user: RoleFacts }) {
  const t = useT();
  const utils = trpc.useUtils();
  const change = trpc.admin.setAdminRole.useMutation({
    onSuccess: () => void utils.admin.users.invalidate(),
  });
  const explanationId = `admin-role-${user.userId}`;
  return (
    <div>
      {user.isAdmin && (
        <Badge color="purple" variant="light">
          {t("admin.role.badge")}
        </Badge>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        color={user.isAdmin ? "red" : "purple"}
        loading={change.isPending}
        disabled={user.isConfiguredAdmin}
        aria-describedby={user.isConfiguredAdmin ? explanationId : undefined}
        aria-label={t(user.isAdmin ? "admin.role.removeLabel" : "admin.role.makeLabel", { name: user.name })}
        onClick={() => change.mutate({ userId: user.userId, isAdmin: !user.isAdmin })}
      >
        {user.isAdmin ? t("admin.role.remove") : t("admin.role.make")}
      </Button>
      {user.isConfiguredAdmin && (
        <Text size="xs" c="dimmed" id={explanationId}>
          {t("admin.role.configured")}
        </Text>
      )}
      {change.isError && (
        <Text size="xs" c="red" role="alert">
          {describeError(change.error)}
        </Text>
      )}
    </div>
  );
}
