import classes from "./Placeholder.module.css";

export interface PlaceholderProps {
  /** Pixels, or a CSS length ("60%"); the container's width when unset. */
  width?: number | string;
  height: number;
  radius?: number;
  marginBottom?: number;
}

/**
 * A loading placeholder that looks like Mantine's Skeleton in one plain element: a list's placeholders
 * are rendered in the task that opens its screen, where each Skeleton resolved its styles through Mantine's
 * theme and style props.
 */
export function Placeholder({ width = "100%", height, radius, marginBottom }: PlaceholderProps) {
  return (
    <div
      className={classes.placeholder}
      data-placeholder
      style={{ width, height, borderRadius: radius, marginBottom }}
    />
  );
}
