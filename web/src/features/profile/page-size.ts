/**
 * Properties per page of the profile's properties section, apart from the page's code: the route
 * prefetches that first page with this size, so the section finds it in the cache.
 */
export const PROFILE_PAGE_SIZE = 10;
