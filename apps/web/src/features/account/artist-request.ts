/** The request button and its dialog's title: a new artist profile. */
export const ARTIST_REQUEST_LABEL = "Become an artist";
