import { ActionIcon } from "@mantine/core";
import { Link } from "react-router-dom";
import { ArrowLeftIcon } from "../icons";

/** The arrow at the top-left of a detail screen; `label` says where it goes ('Back to Home'). */
export function BackButton({ to, label }: { to: string; label: string }) {
  return (
    <ActionIcon component={Link} to={to} aria-label={label} variant="subtle" color="gray">
      <ArrowLeftIcon size={22} />
    </ActionIcon>
  );
}
