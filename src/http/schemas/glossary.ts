// A glossary term found in a unit's source, with its translation in the unit's language.
import { Type } from 'typebox';
import { Url } from './common.js';

export const GlossaryTermSchema = Type.Object(
  {
    source: Type.String(),
    target: Type.String({ description: "The term in the unit's language; empty while untranslated." }),
    context: Type.String(),
    explanation: Type.String(),
    forbidden: Type.Boolean({ description: 'The term must not be used.' }),
    read_only: Type.Boolean({ description: 'The term is kept untranslated.' }),
    unit: Url('The glossary unit in that language (its source unit when the glossary has no such translation).'),
    component: Url('The glossary component.'),
  },
  { title: 'GlossaryTerm' },
);
