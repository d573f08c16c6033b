import "@mantine/core/styles/Avatar.css";
import { Avatar, type MantineSize } from "@mantine/core";
import { initialsOf } from "../../account/profile";

export interface UserAvatarProps {
  name: string;
  imageUrl?: string | null;
  size?: MantineSize | number;
}

/** A listener's picture, or the initials of the name (at most 2) when there is none or it fails to load. */
export function UserAvatar({ name, imageUrl, size = "md" }: UserAvatarProps) {
  return (
    <Avatar
      src={imageUrl || null}
      alt={name}
      size={size}
      radius={9999}
      color="purple"
      variant="filled"
      data-testid="user-avatar"
    >
      {initialsOf(name)}
    </Avatar>
  );
}
