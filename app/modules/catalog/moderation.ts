// Limits of staff moderation and category management, shared by the services and the console's forms.

/** A hide reason longer than this is refused (the vendor reads it on a line or two). */
export const HIDE_REASON_MAX = 500
/** The review queue holds products listed in the last this many days and not yet reviewed. */
export const REVIEW_QUEUE_DAYS = 14
/** The deepest category level: 0 department, 1 group, 2 item (the mega menu). */
export const MAX_CATEGORY_LEVEL = 2
export const CATEGORY_NAME_MAX = 60
