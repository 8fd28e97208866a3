// The "weblate" engine's lookup: translations of the same source string in this project and, when the project
// uses shared translations, in public projects that share theirs.
import type { Db } from '../../db/database.js';
import { projectUsesSharedMemory, translatedWithSources } from '../../db/existing-translations.repository.js';
import type { ExistingTranslationsLookup } from '../../machinery/weblate.engine.js';

export function existingTranslationsLookup(db: Db): ExistingTranslationsLookup {
  return {
    async lookup(texts, sourceLang, targetLang, projectId) {
      // Without a project (site-wide lookups) only what public projects share is used.
      const shared = projectId === null || (await projectUsesSharedMemory(db, projectId));
      const rows = await translatedWithSources(db, texts, sourceLang, targetLang, shared ? 'shared' : projectId === null ? [] : [projectId], projectId);
      return rows.map((r) => ({ source: r.source, target: r.target, origin: `${r.project}/${r.component}` }));
    },
  };
}
