import { Button } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { useIsPremium } from "../../account/membership";
import { paths } from "../../lib/paths";

// The dropdown (menu, avatar) is only for premium members: it loads when one is signed in.
const ProfileMenu = lazy(() =>
  import("../account/ProfileMenu").then((module) => ({ default: module.ProfileMenu })),
);

/**
 * The header's account corner. SPEC.md section 2: premium members get the profile dropdown here,
 * everyone else (and anyone whose membership is still loading) a 'Go Premium' button.
 */
export function HeaderAccount() {
  const isPremium = useIsPremium();
  if (isPremium) {
    return (
      <Suspense fallback={<span style={{ width: 40, height: 40 }} aria-hidden />}>
        <ProfileMenu />
      </Suspense>
    );
  }
  return (
    <Button component={Link} to={paths.premium} size="sm" h={40} radius="xl">
      Go Premium
    </Button>
  );
}
