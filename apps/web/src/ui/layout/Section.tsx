import { useId, type ReactNode } from "react";
import classes from "./Section.module.css";

export interface SectionProps {
  title: string;
  children: ReactNode;
  /** For e2e tests, e.g. 'home-section-recently-played'. */
  testId?: string;
}

/**
 * A titled block of a screen ('Recently Played', 'Top Charts'...). Its heading is a plain h2 with Mantine's
 * Title look: screens of several sections are rendered (and Home's taken down) in the taps that open them.
 */
export function Section({ title, children, testId }: SectionProps) {
  const headingId = useId();
  return (
    <section className={classes.section} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={classes.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A horizontally scrolling row of cards that snaps to each card. */
export function Strip({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className={classes.strip} role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** Two equal columns (genre buttons, compact song tiles). */
export function Grid2({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className={classes.grid2} role={label ? "group" : undefined} aria-label={label}>
      {children}
    </div>
  );
}
