import { LockIcon } from "../../ui/icons";
import classes from "./SongRow.module.css";
import { useT } from "../../i18n";

/** The padlock before a members-only song's artist, shown to listeners who are not premium members. */
export function MembersOnlyMark() {
  const label = useT()("song.membersOnly");
  return (
    <span className={classes.lock} role="img" aria-label={label} title={label}>
      <LockIcon size={12} />
    </span>
  );
}
