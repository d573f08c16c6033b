import { Button, Text } from "@mantine/core";
import { describeError } from "../../lib/errors";
import { useT } from "../../i18n";

/** A read that failed, in SPEC.md's '{status}: {text}' form, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  return (
    <div role="alert" style={{ display: "flex", alignItems: "center", gap: 12, flexWrap: "wrap" }}>
      <Text size="sm" c="red.3">
        {describeError(error, t)}
      </Text>
      {onRetry && (
        <Button variant="light" size="sm" h={40} onClick={onRetry}>
          {t("common.tryAgain")}
        </Button>
      )}
    </div>
  );
}
