import "@mantine/core/styles/Avatar.css";
import { Avatar } from "@mantine/core";
import { artSrcSet } from "@purplebeats/contracts/constants";
import { initialsOf } from "../../account/profile";

export interface UserAvatarProps {
  name: string;
  imageUrl?: string | null;
  /** Pixels. */
  size?: number;
}

/** A listener's picture, or the initials of the name (at most 2) when there is none or it fails to load. */
export function UserAvatar({ name, imageUrl, size = 38 }: UserAvatarProps) {
  // An uploaded photo comes at the avatar's size, not as the megabytes the phone took.
  const srcSet = imageUrl ? artSrcSet(imageUrl) : null;
  return (
    <Avatar
      src={imageUrl || null}
      imageProps={srcSet ? { srcSet, sizes: `${size}px` } : undefined}
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
