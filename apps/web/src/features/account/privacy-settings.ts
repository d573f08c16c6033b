// The switches of Settings & Privacy's Privacy section, in order. A feature that adds a privacy setting
// (sharing likes, a private session) appends its switch here; the section renders them all.
import type { ComponentType } from "react";
import { PrivateProfileSwitch } from "./PrivateProfileSwitch";

export interface PrivacySetting {
  /** React's key for the setting. */
  key: string;
  Control: ComponentType;
}

export const PRIVACY_SETTINGS: readonly PrivacySetting[] = [
  { key: "private-profile", Control: PrivateProfileSwitch },
];
