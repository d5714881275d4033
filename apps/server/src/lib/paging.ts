/** The rows of one page of a list query: `page` counts from 1 (DESIGN §2). */
export const pageOf = (query: { page: number; count: number }) => ({
  limit: query.count,
  offset: (query.page - 1) * query.count,
});
