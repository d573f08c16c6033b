import "@mantine/core/styles/Avatar.css";
import { Avatar } from "@mantine/core";
import { initialsOf } from "./profile";
import { sizedPicture } from "@purplebeats/contracts/constants";

export interface UserAvatarProps {
  name: string;
  imageUrl?: string | null;
  /** Pixels. */
  size?: number;
}

/** A listener's picture, or the initials of the name (at most 2) when there is none or it fails to load. */
export function UserAvatar({ name, imageUrl, size = 38 }: UserAvatarProps) {
  return (
    <Avatar
      src={imageUrl || null}
      imageProps={imageUrl ? sizedPicture(imageUrl, `${size}px`) : undefined}
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
