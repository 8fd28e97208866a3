// The label object (labelRef: the same object units carry in `labels`) and its write body.
import { Type } from 'typebox';
import { LABEL_COLORS } from '../../services/units/labels.service.js';
import { Str, body, readOnly } from './common.js';
import { LabelRefSchema } from './unit.js';

export const LabelSchema = LabelRefSchema;

/** Validated. Values are checked by the service so that wrong types and choices get DRF's per-field messages. */
export const LabelBody = body({
  name: Type.Optional(Type.Unknown()),
  description: Type.Optional(Type.Unknown()),
  color: Type.Optional(Type.Unknown()),
  ...readOnly('id'),
});

/** The same body as the document shows it. */
export const LabelWriteBody = body({
  name: Str(190),
  description: Str(250),
  color: Type.Optional(Type.Union(LABEL_COLORS.map((c) => Type.Literal(c)))),
  ...readOnly('id'),
});
