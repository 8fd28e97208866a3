// The inheritable settings of projects, categories and components as answers show them and as bodies set them.
import { Type, type TSchema } from 'typebox';
import { INHERITABLE_SETTINGS } from '../../services/settings/inherited-settings.js';
import { Bool, Nullable } from './common.js';

const LanguageId = () => Nullable(Type.Integer({ description: 'A language id.' }));

/** `<name>`, `inherit_<name>` and `effective_<name>` of every inheritable setting, and the effective check flags. */
export function settingsTriplets(): Record<string, TSchema> {
  const out: Record<string, TSchema> = { effective_check_flags: Type.String({ description: 'The check flags of the project, the categories above and this object, merged.' }) };
  for (const name of INHERITABLE_SETTINGS) {
    const value = name === 'secondary_language' ? LanguageId : () => Type.String();
    out[name] = value();
    out[`inherit_${name}`] = Type.Boolean({ description: `Whether ${name} comes from the level above.` });
    out[`effective_${name}`] = value();
  }
  return out;
}

/** What a body may set: the secondary language (id or null) and the inherit flags; the text settings are declared by each body. */
export function settingsBody(): Record<string, TSchema> {
  const out: Record<string, TSchema> = { secondary_language: Type.Optional(Type.Unknown({ description: 'A language id, or null.' })) };
  for (const name of INHERITABLE_SETTINGS) out[`inherit_${name}`] = Bool();
  return out;
}

/** The effective values are computed: echoing them back is accepted and ignored. */
export const EFFECTIVE_FIELDS = ['effective_check_flags', ...INHERITABLE_SETTINGS.map((name) => `effective_${name}`)];
