/**
 * A page's response header saying its render may not be served again from memory (decision
 * 0080): it shows something that lapses by the clock before a kept render would be made anew (a
 * shelf opened for minutes) or that it shows only once. The server removes it before answering.
 */
export const NOT_KEPT_HEADER = "X-Komaya-Not-Kept";
