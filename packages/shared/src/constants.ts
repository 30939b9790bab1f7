/** Business constants of spec section 9. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50] as const;
export const PAGER_COUNT = 5;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const UPLOAD_SLICE_BYTES = 2_097_152;
export const RELATIVE_TIME_REFRESH_MS = 60_000;
export const SESSION_ERROR_MESSAGE_MS = 2_000;
export const API_NOT_FOUND_MESSAGE_MS = 5_000;

/** Layout constants of spec section 9. */
export const TAB_BASE_HEIGHT_WITH_TABS = 116;
export const TAB_BASE_HEIGHT_WITHOUT_TABS = 86;
export const TABLE_HEIGHT = 330;
export const WINDOW_HEIGHT_OFFSET = 100;

/** Reports only cover data from this day on (spec section 9). */
export const REPORT_EARLIEST_DATE = '2024-09-01';
export const AGILE_PRICE_SLOT_MINUTES = 30;
export const AGILE_CHARGING_PERIODS = 4;
export const TIME_DIMENSIONS = ['day', 'month', 'year'] as const;

/** A request's timestamp header may be this far from the server clock (issue 2). */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60_000;
