// The site-wide list of suggestions (/api/suggestions/): those in projects and components the caller may see, newest first.
import type { Db } from '../../db/database.js';
import type { Actor } from '../../auth/actor.js';
import type { AccessControl } from '../../auth/access.js';
import { countVisibleSuggestions, visibleSuggestionsPage } from '../../db/suggestion-lists.repository.js';
import type { SuggestionView } from './suggestions.service.js';

export class SuggestionListService {
  constructor(
    private readonly db: Db,
    private readonly access: AccessControl,
  ) {}

  count(actor: Actor): Promise<number> {
    return countVisibleSuggestions(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor));
  }

  async page(actor: Actor, limit: number, offset: number): Promise<SuggestionView[]> {
    const rows = await visibleSuggestionsPage(this.db, this.access.visibleProjects(actor), this.access.visibleComponents(actor), limit, offset);
    return rows.map(({ username, votes, ...suggestion }) => ({ suggestion, username: username ?? null, votes: Number(votes ?? 0) }));
  }
}
