// The component list object (serializeComponentList) and its write bodies.
import { Type } from 'typebox';
import { Bool, Str, Url, body, readOnly } from './common.js';

export const AutoAssignRuleSchema = Type.Object({
  project_match: Type.String({ description: 'Regular expression matched at the start of the project slug.' }),
  component_match: Type.String({ description: 'Regular expression matched at the start of the component slug.' }),
});

export const ComponentListSchema = Type.Object(
  {
    name: Type.String(),
    slug: Type.String(),
    id: Type.Integer(),
    show_dashboard: Type.Boolean(),
    components: Type.Array(Url(), { description: 'The member components the caller may see.' }),
    auto_assign: Type.Array(AutoAssignRuleSchema),
    url: Url(),
  },
  { title: 'ComponentList' },
);

const READ_ONLY = readOnly('id', 'components', 'url');

/** Validated. Values are checked by the service, so that form values and bad ones get DRF's per-field messages. */
export const ComponentListBody = body({
  name: Type.Optional(Type.Unknown()),
  slug: Type.Optional(Type.Unknown()),
  show_dashboard: Type.Optional(Type.Unknown()),
  auto_assign: Type.Optional(Type.Unknown()),
  ...READ_ONLY,
});

/** The same body as the document shows it. */
export const ComponentListWriteBody = body({
  name: Str(100),
  slug: Str(100),
  show_dashboard: Bool(),
  auto_assign: Type.Optional(
    Type.Array(Type.Object({ project_match: Str(), component_match: Str() }), { description: 'Components matching a rule join the list (a pattern left out is `^$`).' }),
  ),
  ...READ_ONLY,
});

/** POST …/components/: checked by the service. */
export const ComponentListMemberBody = Type.Object({ component_id: Type.Optional(Type.Unknown()) });

export const ComponentListMemberWriteBody = Type.Object({ component_id: Type.Integer({ description: 'The id of a component the caller may see.' }) });
