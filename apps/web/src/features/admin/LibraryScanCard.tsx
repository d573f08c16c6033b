// 'Scan library': starts a scan of MUSIC_DIR (joining a running one) and shows the latest scan's report,
// read again every few seconds while it runs or its songs are still being encoded.
import "@mantine/core/styles/Progress.css";
import { Button, Progress, Text, Title } from "@mantine/core";
import type { LibraryScanDto } from "@purplebeats/contracts/schemas";
import { describeError, httpStatusOf } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { intlLocale, useLocale, useT } from "../../i18n";
import { formatCount } from "./admin-format";
import classes from "./AdminLibrary.module.css";

const REFRESH_MS = 2000;

export const isBusy = (scan: LibraryScanDto | undefined) =>
  !!scan && (scan.state === "running" || scan.encode.queued + scan.encode.active > 0);

export function LibraryScanCard() {
  const t = useT();
  const utils = trpc.useUtils();
  const latest = trpc.admin.latestLibraryScan.useQuery(undefined, {
    retry: false,
    refetchInterval: (query) => (isBusy(query.state.data) ? REFRESH_MS : false),
  });
  const scan = trpc.admin.scanLibrary.useMutation({
    onSuccess: (report) => utils.admin.latestLibraryScan.setData(undefined, report),
  });
  const report = latest.data;
  const noScanYet = httpStatusOf(latest.error) === 404;

  return (
    <section className={classes.section} aria-labelledby="admin-scan-title">
      <Title order={2} id="admin-scan-title" className={classes.sectionTitle}>
        {t("admin.scan.title")}
      </Title>
      <Button onClick={() => scan.mutate()} loading={scan.isPending} className={classes.touch}>
        {t("admin.scan.start")}
      </Button>
      {scan.isError && (
        <Text c="red" size="sm" role="alert">
          {describeError(scan.error)}
        </Text>
      )}
      {noScanYet && <Text c="dimmed">{t("admin.scan.none")}</Text>}
      {report && <ScanReport report={report} />}
    </section>
  );
}

function ScanReport({ report }: { report: LibraryScanDto }) {
  const t = useT();
  const locale = intlLocale(useLocale().locale);
  const { counts, encode } = report;
  const encodeTotal = encode.queued + encode.active + encode.completed + encode.failed;
  const done = encode.completed + encode.failed;
  return (
    <div data-testid="scan-report" className={classes.report}>
      <Text size="sm">
        {t(
          report.state === "running"
            ? "admin.scan.running"
            : report.state === "failed"
              ? "admin.scan.failed"
              : "admin.scan.finished",
        )}{" "}
        · {new Date(report.startedAt).toLocaleString(locale)}
      </Text>
      {report.error && (
        <Text c="red" size="sm">
          {report.error}
        </Text>
      )}
      <dl className={classes.counts}>
        {(
          [
            ["admin.scan.found", counts.found],
            ["admin.scan.new", counts.ingested],
            ["admin.scan.unchanged", counts.unchanged],
            ["admin.scan.missing", counts.missing],
            ["admin.scan.skipped", counts.skipped],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{formatCount(value, locale)}</dd>
          </div>
        ))}
      </dl>
      {encodeTotal > 0 && (
        <div>
          <Text size="sm">
            {t(encode.failed > 0 ? "admin.scan.encodingFailed" : "admin.scan.encoding", {
              done: formatCount(done, locale),
              total: formatCount(encodeTotal, locale),
              failed: formatCount(encode.failed, locale),
            })}
          </Text>
          <Progress value={(done / encodeTotal) * 100} aria-label={t("admin.scan.progress")} />
        </div>
      )}
      {report.skipped.length > 0 && (
        <details>
          <summary className={classes.touch}>
            {t("admin.scan.skippedFiles", { count: formatCount(report.skipped.length, locale) })}
          </summary>
          <ul className={classes.skipped}>
            {report.skipped.map((file) => (
              <li key={file.source}>
                <Text size="xs" className={classes.path}>
                  {file.source}
                </Text>
                <Text size="xs" c="dimmed">
                  {file.reason}
                </Text>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
