import { LockIcon } from "../../ui/icons";
import classes from "./SongRow.module.css";

/** The padlock before a members-only song's artist, shown to listeners who are not premium members. */
export function MembersOnlyMark() {
  return (
    <span className={classes.lock} role="img" aria-label="Premium members only" title="Premium members only">
      <LockIcon size={12} />
    </span>
  );
}
