// /artist-studio: the studio of the artists the listener manages (statistics, payouts, releases), its own
// chunk; the chart's library is a chunk of its own inside it.
import { ArtistStudio } from "../features/studio";
import { useT } from "../i18n";
import { ScreenTitleBar } from "../ui/layout/ScreenTitleBar";
import screen from "../ui/layout/Screen.module.css";

export function ArtistStudioPage() {
  const t = useT();
  return (
    <div className={screen.screen}>
      <ScreenTitleBar title={t("studio.title")} />
      <ArtistStudio />
    </div>
  );
}
