import { Button } from "@mantine/core";
import { Link } from "react-router-dom";
import { paths } from "../../lib/paths";

/**
 * The header's account corner. SPEC.md section 2: premium members get the profile dropdown here,
 * everyone else a 'Go Premium' button. Membership arrives in a later issue, so for now it is the button.
 */
export function HeaderAccount() {
  return (
    <Button component={Link} to={paths.premium} size="sm" h={40} radius="xl">
      Go Premium
    </Button>
  );
}
