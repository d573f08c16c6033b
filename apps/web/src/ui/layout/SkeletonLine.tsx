import { Skeleton } from "@mantine/core";
import classes from "./SkeletonLine.module.css";

export interface SkeletonLineProps {
  /** The Mantine size of the Text this line stands in for. */
  size: "xs" | "sm";
  width: string;
  mt?: number;
  mb?: number;
}

/**
 * A placeholder for one line of Mantine Text: as tall as that line (font size times line height), so that
 * nothing below moves when the text arrives (layout shift budget).
 */
export function SkeletonLine({ size, width, mt, mb }: SkeletonLineProps) {
  return (
    <div className={classes.line} data-size={size} style={{ marginTop: mt, marginBottom: mb }}>
      <Skeleton height={size === "xs" ? 10 : 12} width={width} />
    </div>
  );
}
