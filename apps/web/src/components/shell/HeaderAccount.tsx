import { Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { useIsPremium } from "../../account/membership";
import { paths } from "../../lib/paths";

// The dropdown (menu, avatar) is not needed for the first paint: it loads just after.
const ProfileMenu = lazy(() =>
  import("../account/ProfileMenu").then((module) => ({ default: module.ProfileMenu })),
);

const menuPlaceholder = <span style={{ width: 40, height: 40 }} aria-hidden />;

/**
 * The header's account corner: everyone's account entry (DESIGN.md), and for everyone who is not a premium
 * member (or whose membership is still loading) SPEC.md section 2's 'Go Premium' button beside it.
 */
export function HeaderAccount() {
  const isPremium = useIsPremium();
  return (
    <Group gap={8} wrap="nowrap">
      {!isPremium && (
        <Button component={Link} to={paths.premium} size="sm" h={40} radius="xl">
          Go Premium
        </Button>
      )}
      <Suspense fallback={menuPlaceholder}>
        <ProfileMenu premium={isPremium} />
      </Suspense>
    </Group>
  );
}
