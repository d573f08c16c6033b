// Placeholders (Mantine's Skeleton) pulse with a CSS animation, and every pulse of every placeholder is an
// animation event that React's root listener dispatches through the component tree. Home's 60 placeholders
// pulse in step, so each pulse was one main-thread task of 60 dispatches: measured at 4x slowdown, 480
// events and 1.2 s of a first visit's main thread, in tasks of up to 94 ms while the sections loaded.
// No component listens to a placeholder's animation, so its events stop before they reach React.

/** The animation events a pulsing placeholder sends. */
const ANIMATION_EVENTS = ["animationstart", "animationiteration", "animationend"] as const;

/** Mantine's Skeleton root and the app's own Placeholder (the elements whose ::after pulses). */
export const PLACEHOLDER_SELECTOR = ".mantine-Skeleton-root, [data-placeholder]";

function stopPlaceholderAnimationEvent(event: Event): void {
  if (event.target instanceof Element && event.target.matches(PLACEHOLDER_SELECTOR)) event.stopPropagation();
}

/** Stops placeholders' animation events at the window (capture: before the root's listeners). */
export function quietPlaceholderAnimations(target: Window = window): void {
  for (const type of ANIMATION_EVENTS) target.addEventListener(type, stopPlaceholderAnimationEvent, true);
}
