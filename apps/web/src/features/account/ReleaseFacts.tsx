// A release's facts as its manager gives them and may edit later: title, genre, release date, credits.
import "@mantine/core/styles/Input.css";
import { Textarea, TextInput } from "@mantine/core";
import { useT } from "../../i18n";

export interface ReleaseFactsValue {
  title: string;
  genre: string;
  releaseDate: string;
  credits: string;
}

/** The facts a manager gives and may edit later: title, genre, release date, credits. */
export function ReleaseFacts({
  onChange,
  ...value
}: ReleaseFactsValue & { onChange(facts: Partial<ReleaseFactsValue>): void }) {
  const t = useT();
  return (
    <>
      <TextInput
        mt="sm"
        label={t("releases.releaseTitle")}
        value={value.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        required
      />
      <TextInput
        mt="sm"
        label={t("releases.genre")}
        value={value.genre}
        onChange={(e) => onChange({ genre: e.currentTarget.value })}
        required
      />
      <TextInput
        mt="sm"
        type="date"
        label={t("releases.date")}
        value={value.releaseDate}
        onChange={(e) => onChange({ releaseDate: e.currentTarget.value })}
        required
      />
      <Textarea
        mt="sm"
        label={t("releases.credits")}
        description={t("releases.creditsHint")}
        value={value.credits}
        onChange={(e) => onChange({ credits: e.currentTarget.value })}
        minRows={2}
      />
    </>
  );
}
