import { InitialSchema1763766000000 } from "./1763766000000-InitialSchema.js";
import { RateLimits1763852400000 } from "./1763852400000-RateLimits.js";
import { SearchIndexes1763960000000 } from "./1763960000000-SearchIndexes.js";
import { AdminIndexes1763960100000 } from "./1763960100000-AdminIndexes.js";
import { SearchWordVariants1763960200000 } from "./1763960200000-SearchWordVariants.js";
import { PlaylistRevisions1795313928147 } from "./1795313928147-PlaylistRevisions.js";
import { LibraryIngest1795400000000 } from "./1795400000000-LibraryIngest.js";
import { HonestPlays1795400050000 } from "./1795400050000-HonestPlays.js";
import { UploadBudgets1795400100000 } from "./1795400100000-UploadBudgets.js";
import { SearchTerms1795400300000 } from "./1795400300000-SearchTerms.js";
import { ListedPopularSongs1795500000000 } from "./1795500000000-ListedPopularSongs.js";
import { EditorialPlaylists1795500010000 } from "./1795500010000-EditorialPlaylists.js";
import { OwnPicturesOnly1795500100000 } from "./1795500100000-OwnPicturesOnly.js";
import { RadioLikedTogether1795610000000 } from "./1795610000000-RadioLikedTogether.js";
import { SearchLyrics1795620000000 } from "./1795620000000-SearchLyrics.js";
import { AdminApiTokens1795640000000 } from "./1795640000000-AdminApiTokens.js";
import { SystemUser1795700000000 } from "./1795700000000-SystemUser.js";
import { Follows1795800000000 } from "./1795800000000-Follows.js";
import { AdRewards1796200000000 } from "./1796200000000-AdRewards.js";
import { InboxSupport1796300000000 } from "./1796300000000-InboxSupport.js";
import { ActivityAndNews1796400000000 } from "./1796400000000-ActivityAndNews.js";
import { ProfileLanguage1796500000000 } from "./1796500000000-ProfileLanguage.js";
import { ListeningSettings1796600000000 } from "./1796600000000-ListeningSettings.js";
import { LowRendition1796700000000 } from "./1796700000000-LowRendition.js";
import { ArtistAccounts1796800000000 } from "./1796800000000-ArtistAccounts.js";
import { ArtistPayouts1796800000001 } from "./1796800000001-ArtistPayouts.js";
import { Releases1796900000000 } from "./1796900000000-Releases.js";
import { PremiumShares1797000000001 } from "./1797000000001-PremiumShares.js";
import { SongReports1797000000002 } from "./1797000000002-SongReports.js";
import { CountedPlaysBySong1797000000051 } from "./1797000000051-CountedPlaysBySong.js";
import { NoticeWords1797000000100 } from "./1797000000100-NoticeWords.js";

/** Every migration, in order. Listed by hand so that bundling and ordering never depend on a glob. */
export const migrations = [
  InitialSchema1763766000000,
  RateLimits1763852400000,
  SearchIndexes1763960000000,
  AdminIndexes1763960100000,
  SearchWordVariants1763960200000,
  PlaylistRevisions1795313928147,
  LibraryIngest1795400000000,
  HonestPlays1795400050000,
  UploadBudgets1795400100000,
  SearchTerms1795400300000,
  ListedPopularSongs1795500000000,
  EditorialPlaylists1795500010000,
  OwnPicturesOnly1795500100000,
  RadioLikedTogether1795610000000,
  SearchLyrics1795620000000,
  AdminApiTokens1795640000000,
  SystemUser1795700000000,
  Follows1795800000000,
  AdRewards1796200000000,
  InboxSupport1796300000000,
  ActivityAndNews1796400000000,
  ProfileLanguage1796500000000,
  ListeningSettings1796600000000,
  LowRendition1796700000000,
  ArtistAccounts1796800000000,
  ArtistPayouts1796800000001,
  Releases1796900000000,
  PremiumShares1797000000001,
  SongReports1797000000002,
  CountedPlaysBySong1797000000051,
  NoticeWords1797000000100,
];
