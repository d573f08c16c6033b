import { Button, Text, Title } from "@mantine/core";
import { ScreenLink } from "../ui/screen-link";
import { paths } from "../lib/paths";
import { useT } from "../i18n";
import classes from "./NotFoundPage.module.css";

/** Any path the router does not know (SPEC.md section 2). */
export function NotFoundPage() {
  const t = useT();
  return (
    <div className={classes.screen}>
      <Title order={1}>{t("notFound.title")}</Title>
      <Text c="dimmed">{t("notFound.text")}</Text>
      <Button component={ScreenLink} to={paths.home} variant="light">
        {t("notFound.goHome")}
      </Button>
    </div>
  );
}
