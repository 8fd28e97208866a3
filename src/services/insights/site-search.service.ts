// The site search (/api/search/): up to five projects, categories, components, users and languages matching a text.
import type { Db } from '../../db/database.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { categoriesOfProjects, searchCategories, searchComponents, searchLanguages, searchProjects, searchUsers } from '../../db/site-search.repository.js';

/** One hit: the web path of the object, its name, and what it is. */
export interface SiteSearchHit {
  url: string;
  name: string;
  category: 'Project' | 'Category' | 'Component' | 'User' | 'Language';
}

const PER_KIND = 5;
const seg = (s: string) => encodeURIComponent(s);

export class SiteSearchService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  /**
   * Hits in the order projects, categories, components, users (signed-in callers only), languages, at most
   * five of each, only in projects (and components) the caller may see. An empty text, or one with a NUL, finds nothing.
   */
  async search(actor: Actor, text: string | undefined): Promise<SiteSearchHit[]> {
    if (!text || text.includes('\u0000')) return [];
    const visible = this.access.visibleProjects(actor);
    const [projects, categories, components, users, languages] = await Promise.all([
      searchProjects(this.db, visible, text, PER_KIND),
      searchCategories(this.db, visible, text, PER_KIND),
      searchComponents(this.db, visible, this.access.visibleComponents(actor), text, PER_KIND),
      actor.authenticated ? searchUsers(this.db, text, PER_KIND) : Promise.resolve([]),
      searchLanguages(this.db, text, PER_KIND),
    ]);
    // Category paths (slugs for the address, names for the title) from the parents of the hits.
    const tree = new Map((await categoriesOfProjects(this.db, [...new Set([...categories, ...components].map((r) => r.project_id))])).map((c) => [c.id, c]));
    const chain = (id: number | null) => {
      const out: { slug: string; name: string }[] = [];
      for (let at = id === null ? undefined : tree.get(id); at && out.length < 100; at = at.category_id === null ? undefined : tree.get(at.category_id)) out.unshift(at);
      return out;
    };
    const place = (r: { project_slug: string; project_name: string; category_id: number | null }, own: { slug: string; name: string }) => {
      const path = [...chain(r.category_id), own];
      return { url: `/projects/${seg(r.project_slug)}/${path.map((p) => `${seg(p.slug)}/`).join('')}`, name: [r.project_name, ...path.map((p) => p.name)].join('/') };
    };
    return [
      ...projects.map((p): SiteSearchHit => ({ url: `/projects/${seg(p.slug)}/`, name: p.name, category: 'Project' })),
      ...categories.map((c): SiteSearchHit => ({ ...place(c, c), category: 'Category' })),
      ...components.map((c): SiteSearchHit => ({ ...place(c, c), category: 'Component' })),
      ...users.map((u): SiteSearchHit => ({ url: `/user/${seg(u.username)}/`, name: u.username, category: 'User' })),
      ...languages.map((l): SiteSearchHit => ({ url: `/languages/${seg(l.code)}/`, name: l.name, category: 'Language' })),
    ];
  }
}
