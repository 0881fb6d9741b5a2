import { APPAREL_GROUPS, ELECTRONICS_SUBCATEGORIES, friendlyName } from '@/shared/catalog';

/** SPEC point 2, Header: the navigation menus, shared by the desktop header and the mobile menu. */
export const electronicsLinks = ELECTRONICS_SUBCATEGORIES.map((slug) => ({
  slug,
  label: friendlyName(slug),
  to: `/products/electronics/${slug}`,
}));

export const apparelGroups = APPAREL_GROUPS.map((group) => ({
  slug: group.slug,
  label: friendlyName(group.slug),
  to: `/products/apparels/${group.slug}`,
  links: group.children.map((slug) => ({ slug, label: friendlyName(slug), to: `/products/apparels/${group.slug}/${slug}` })),
}));
