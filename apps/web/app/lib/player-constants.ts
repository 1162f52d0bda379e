/**
 * The players' constants (spec section 9), in one place: the podcast bar and the audiobook
 * player skip, follow the audio and seek alike.
 */

/** the back button: 10 s */
export const SKIP_BACK_SECONDS = 10;
/** the forward button: 30 s */
export const SKIP_FORWARD_SECONDS = 30;
/** the shown position follows the audio at most this often */
export const PROGRESS_THROTTLE_MS = 500;
/** a seek bar being dragged moves the audio once it rests this long */
export const SEEK_DEBOUNCE_MS = 300;

/** a podcast progress event every 60 s of playback (podcast-type publications only) */
export const PROGRESS_EVENT_INTERVAL_MS = 60_000;
/** the buffered events are sent once there are more than this many (5 or more) */
export const PROGRESS_BATCH_THRESHOLD = 4;
