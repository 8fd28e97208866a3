// How a component is addressed in API paths: its category slugs and its own slug joined by "%2F" in one segment.

/** Joins category slugs and the component slug in a component's path segment. */
export const PATH_SEPARATOR = '%2F';

/**
 * A component path segment as the router hands it over (decoded once: `docs%2Fusage`), split into
 * the stored `category_path` prefix and the component slug. A literal "/" is accepted too.
 */
export function splitComponentPath(segment: string): { categoryPath: string; slug: string } {
  const normal = segment.replace(/\/|%2f/gi, PATH_SEPARATOR);
  const at = normal.lastIndexOf(PATH_SEPARATOR);
  if (at < 0) return { categoryPath: '', slug: normal };
  return { categoryPath: normal.slice(0, at + PATH_SEPARATOR.length), slug: normal.slice(at + PATH_SEPARATOR.length) };
}

/** The segment that addresses a component in API paths: its category slugs and its own slug joined by "%2F". */
export function componentPathSegment(component: { slug: string; category_path: string }): string {
  return component.category_path + component.slug;
}
