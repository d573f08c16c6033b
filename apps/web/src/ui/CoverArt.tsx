import { memo, useState } from "react";
import { sizedPicture } from "@purplebeats/contracts/constants";
import { MusicIcon } from "./icons";
import classes from "./CoverArt.module.css";

export interface CoverArtProps {
  src: string | null | undefined;
  /** Pixel size of the square. */
  size: number;
  radius?: number;
  /** A picture the first screen shows large (a candidate for Largest Contentful Paint): fetched at once, first. */
  priority?: boolean;
}

/**
 * A song's or playlist's picture, or a music-note placeholder when there is none or it fails to load.
 * Decorative: the title next to it names the item. Memoized: the rows and tiles around it render again when
 * their song starts or pauses, and the picture stays the same.
 */
export const CoverArt = memo(function CoverArt({ src, size, radius = 8, priority = false }: CoverArtProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, borderRadius: radius };
  if (!src || failed) {
    return (
      <div className={classes.placeholder} style={style} data-testid="cover-placeholder">
        <MusicIcon size={Math.round(size * 0.4)} />
      </div>
    );
  }
  return (
    <img
      className={classes.image}
      style={style}
      src={src}
      {...sizedPicture(src, `${size}px`)}
      alt=""
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
});
