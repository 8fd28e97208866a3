// POST …/autotranslate/: the body AutotranslateService checks itself, and its answer.
import { Type } from 'typebox';
import { Url } from './common.js';

const choice = (values: string[], description: string) => Type.Union(values.map((v) => Type.Literal(v)), { description });

export const AutotranslateBody = Type.Object({
  mode: choice(['suggest', 'translate', 'fuzzy', 'approved'], 'What the results become: suggestions, translations, strings needing editing, or approved ones (reviewers).'),
  auto_source: choice(['others', 'mt'], 'others: other components of the project (or `component`); mt: machine translation (`engines`).'),
  q: Type.Optional(Type.String({ description: 'Which strings, in the search query language; untranslated ones by default.' })),
  filter_type: Type.Optional(Type.String({ description: 'Older spelling of `q`: a named filter such as `todo`.' })),
  component: Type.Optional(Type.String({ description: 'With `others`: one component to copy from (id, path in the project, or project/path).' })),
  engines: Type.Optional(Type.Array(Type.String(), { description: 'With `mt`: engine ids (a comma-separated string is accepted too).' })),
  threshold: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Least machine translation quality; 80 by default.' })),
});

export const AutotranslateResultSchema = Type.Object(
  {
    details: Type.String({ description: 'What was done, or that the run was queued.' }),
    task_url: Type.Optional(Url('The background task of a big run, to follow its progress.')),
  },
  { title: 'AutotranslateResult' },
);
