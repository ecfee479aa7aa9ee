/**
 * Links that expand part of the sidebar in place instead of leading to their page (which they do
 * only without JavaScript): a lazy category's label and a long list's placeholder. Client
 * navigation (theme/client/navigation.ts) and the mobile drawer's close-on-link leave them to the
 * client's click handler. It sits here, beside storage.ts, because both the client and islands
 * read it, and the client already imports from islands.
 */
export const EXPANDS_IN_PLACE = '[data-category-toggle], [data-sidebar-more]'
