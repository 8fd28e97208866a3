// The quality check object of GET /api/checks/: one built-in check with its explanation and flags.
import { Type } from 'typebox';
import { Nullable, Paginated } from './common.js';

export const CheckSchema = Type.Object(
  {
    id: Type.String({ description: 'The check id as the reference names it, e.g. "end_stop" or "max-length"; `check:<id>` searches for units failing it.' }),
    name: Type.String({ description: 'Display name, e.g. "Mismatched full stop".' }),
    summary: Type.String({ description: 'The one-sentence description shown with a failing check.' }),
    description: Type.String({ description: 'What the check looks for, why it matters and what to do when it fails.' }),
    flag: Nullable(Type.String({ description: 'The flag that turns the check on (e.g. "c-format"), or null when it runs on every string.' })),
    enable_flags: Type.Array(Type.String(), { description: 'Every flag that turns the check on (empty when it runs on every string).' }),
    ignore_flag: Type.String({ description: 'The flag that switches the check off for a string, component or project, e.g. "ignore-end-stop".' }),
    source_check: Type.Boolean({ description: 'A source check: it looks at the source string, for its developers, not at translations.' }),
  },
  { title: 'Check' },
);

export const CheckListSchema = Paginated(CheckSchema);
