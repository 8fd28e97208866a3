// Shared TypeBox pieces for request schemas.
import { Type, type TSchema } from 'typebox';

export const Str = (max?: number) => Type.Optional(Type.String(max ? { maxLength: max } : {}));
export const Bool = () => Type.Optional(Type.Boolean());
export const Int = () => Type.Optional(Type.Integer());

/** Read-only fields a client may echo back from a GET; accepted and ignored, unlike unknown fields. */
export function readOnly(...names: string[]): Record<string, TSchema> {
  return Object.fromEntries(names.map((n) => [n, Type.Optional(Type.Unknown())]));
}

export function body<T extends Record<string, TSchema>>(properties: T) {
  return Type.Object(properties, { additionalProperties: false });
}

export const ProjectParams = Type.Object({ project: Type.String() });
export const ComponentParams = Type.Object({ project: Type.String(), component: Type.String() });
export const TranslationParams = Type.Object({ project: Type.String(), component: Type.String(), language: Type.String() });
