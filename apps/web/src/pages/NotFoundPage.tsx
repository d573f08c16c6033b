import { Button, Text, Title } from "@mantine/core";
import { ScreenLink } from "../ui/screen-link";
import { paths } from "../lib/paths";
import classes from "./NotFoundPage.module.css";

/** Any path the router does not know (SPEC.md section 2). */
export function NotFoundPage() {
  return (
    <div className={classes.screen}>
      <Title order={1}>404 Page Not Found</Title>
      <Text c="dimmed">Did you forget to add the page to the router?</Text>
      <Button component={ScreenLink} to={paths.home} variant="light">
        Go Home
      </Button>
    </div>
  );
}
