import { Button, Skeleton, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { CoverArt } from "../../ui/CoverArt";
import { RoundIconButton } from "../../ui/RoundIconButton";
import { PlayIcon, ShareIcon, ShuffleIcon } from "../../ui/icons";
import { SongRowSkeletons } from "./SongRow";
import { BackButton } from "../../ui/layout/BackButton";
import { paths } from "../../lib/paths";
import screen from "../../ui/layout/Screen.module.css";
import classes from "./CoverHero.module.css";
import { useT } from "../../i18n";

/** A detail screen (artist, album): the way back, then its content. */
export function DetailScreen({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className={screen.screen}>
      <div className={screen.topBar}>
        <BackButton to={paths.home} label={t("common.backToHome")} />
      </div>
      {children}
    </div>
  );
}

/** The top of a detail screen: a large picture (round for an artist), the title and what follows it. */
export function CoverHero(props: {
  src: string | null;
  size: number;
  round?: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={classes.hero}>
      <CoverArt src={props.src} size={props.size} radius={props.round ? props.size / 2 : 12} priority />
      <Title order={1} className={classes.title} data-testid="page-title" dir="auto">
        {props.title}
      </Title>
      {props.children}
    </div>
  );
}

/** What a detail screen shows while it loads: its picture, title and a few song rows as placeholders. */
export function CoverHeroLoading({
  label,
  size,
  round = false,
}: {
  label: string;
  size: number;
  round?: boolean;
}) {
  return (
    <div aria-busy="true" aria-label={label}>
      <div className={classes.hero}>
        <Skeleton width={size} height={size} radius={round ? size / 2 : 12} />
        <Skeleton height={28} width="60%" />
        <Skeleton height={12} width="30%" />
      </div>
      <SongRowSkeletons count={5} />
    </div>
  );
}

/** Play (in order) and Shuffle, 44 px tall; then the page's other actions (radio, share) as 44 px icons. */
export function PlayShuffleButtons(props: {
  disabled: boolean;
  onPlay: () => void;
  onShuffle: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className={screen.actions}>
      <Button h={44} leftSection={<PlayIcon size={16} />} disabled={props.disabled} onClick={props.onPlay}>
        {t("playlist.playButton")}
      </Button>
      <Button
        h={44}
        variant="light"
        leftSection={<ShuffleIcon size={16} />}
        disabled={props.disabled}
        onClick={props.onShuffle}
      >
        {t("playlist.shuffle")}
      </Button>
      {props.children}
    </div>
  );
}

/** A page's share action in its header (lib/share: Pi's dialog, the share sheet or the copied link). */
export function ShareButton({ label, onShare }: { label: string; onShare: () => void }) {
  return (
    <RoundIconButton tone="light" aria-label={label} title={label} onClick={onShare}>
      <ShareIcon size={18} />
    </RoundIconButton>
  );
}
