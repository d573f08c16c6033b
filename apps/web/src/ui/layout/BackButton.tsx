import { ScreenLink } from "../screen-link";
import { ArrowLeftIcon } from "../icons";
import { roundIconButtonClass } from "../RoundIconButton";

/** The arrow at the top-left of a detail screen; `label` says where it goes ('Back to Home'). */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <ScreenLink to={to} aria-label={label} className={roundIconButtonClass} data-tone="gray">
      <ArrowLeftIcon size={22} />
    </ScreenLink>
  );
}
