import { z } from 'zod';

/**
 * Where a page of a long list starts, as the pager saw it: the cursor of the row just before the
 * page (`after`, for the next page) or just after it (`before`, for the previous one). Opaque to
 * the client: `<microseconds since 1970>_<id>` of that row.
 */
export const pageCursorSchema = z
  .string()
  .regex(/^\d{1,19}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    message: 'Not a page cursor',
  });
