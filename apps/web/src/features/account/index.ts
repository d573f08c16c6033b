// The account module's public surface: who is listening, their membership, and the premium gate.
export { AuthProvider, useAuth } from "./AuthProvider";
export { SESSION_QUERY_KEY } from "./session-query";
export type { AuthApi, CurrentUser } from "./types";
export { useIsPremium, useMembership } from "./membership";
export {
  usePremiumGate,
  showPremiumToast,
  isPremiumRequiredError,
  PREMIUM_MESSAGES,
  PREMIUM_FEATURE_TITLE,
  type PremiumFeature,
  type PremiumGate,
  type PremiumPlayerFeature,
} from "./premium-gate";
export { FALLBACK_USER_ID, isGuestUid } from "../../lib/identity";
export { default as premiumClasses } from "./Premium.module.css";
export { HeaderAccount } from "./HeaderAccount";
export { useHasSession } from "./AuthProvider";
export { FeatureCards } from "./FeatureCards";
export { MembershipCard } from "./MembershipCard";
export { PaymentCard } from "./PaymentCard";
export { SignInWithPi } from "./SignInWithPi";
export { UserAvatar } from "./UserAvatar";
export { uploadAvatar } from "./avatar-upload";
export { CameraIcon, CheckIcon, CrownIcon, RefreshIcon } from "./icons";
export { loadArtistReleases, loadFollowedActivityShelf, loadPremiumFeatureDialog } from "./lazy";
export { useProfile, useProfileStats } from "./profile";
export { formatCount, formatListeningTime } from "./profile-format";
export { validateProfileName } from "./profile-rules";
export {
  FollowArtistButton,
  FollowListenerButton,
  useFollowing,
  useProfileTop,
  usePublicProfile,
} from "./follows";
export { FollowingList } from "./FollowingList";
export { ProfileSettingsForm } from "./ProfileSettingsForm";
export { PlaylistRowLink, RowLink, RowList } from "./RowLink";
export { useUnreadCount } from "./unread-count";
export { PRIVACY_SETTINGS, type PrivacySetting } from "./privacy-settings";
export { PersonalDataActions } from "./PersonalDataActions";
export { LanguagePicker } from "./LanguagePicker";
export { formatPi, formatReceiptDate, receiptStatus } from "./receipt-format";
export { ActivityList, ActivityRow, ListenerActivity } from "./ActivityList";
export { PrivateSessionIndicator } from "./PrivateSessionIndicator";
export { ACTIVITY_PAGE, useListenerActivity } from "./activity";
export { TipArtistButton } from "./TipArtist";
export { ArtistAccountCard, ArtistRequestButton } from "./ArtistAccount";
