// Unit states as the API numbers them: empty, needs editing, translated, approved, read-only.
export const STATE_EMPTY = 0;
export const STATE_FUZZY = 10;
export const STATE_TRANSLATED = 20;
export const STATE_APPROVED = 30;
export const STATE_READONLY = 100;
