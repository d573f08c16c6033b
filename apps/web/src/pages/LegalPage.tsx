import { Title } from "@mantine/core";
import Markdown from "react-markdown";
import { LoadError } from "../ui/layout/LoadError";
import { SkeletonLine } from "../ui/layout/SkeletonLine";
import { useT } from "../i18n";
import { trpc } from "../lib/trpc";
import screen from "../ui/layout/Screen.module.css";
import classes from "./LegalPage.module.css";

/**
 * /legal: the operator's terms of use and privacy notice, Markdown from the server's configuration. Rendered
 * as React elements: raw HTML in a file is shown as text, never run, and links open as links.
 */
export function LegalPage() {
  const t = useT();
  const documents = trpc.legal.documents.useQuery();
  return (
    <div className={`${screen.screen} ${classes.page}`}>
      <Title order={1} className={classes.title}>
        {t("legal.title")}
      </Title>
      {documents.error ? (
        <LoadError error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data ? (
        <>
          <section id="terms" aria-labelledby="legal-terms" className={classes.document}>
            <Title order={2} id="legal-terms" className={classes.heading}>
              {t("legal.terms")}
            </Title>
            <Markdown skipHtml>{documents.data.terms}</Markdown>
          </section>
          <section id="privacy" aria-labelledby="legal-privacy" className={classes.document}>
            <Title order={2} id="legal-privacy" className={classes.heading}>
              {t("legal.privacy")}
            </Title>
            <Markdown skipHtml>{documents.data.privacy}</Markdown>
          </section>
        </>
      ) : (
        <div aria-label={t("legal.loading")} role="status">
          {[90, 100, 80, 95, 60].map((width, i) => (
            <SkeletonLine key={i} size="sm" width={`${width}%`} mt={8} />
          ))}
        </div>
      )}
    </div>
  );
}
