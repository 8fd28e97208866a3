// go-i18n plural objects ({"one": "...", "other": "..."}): forms by CLDR category in the language's order.

import { isString, type JsonDocument } from '../json/json-document.js';
import type { JsonContainer, JsonEntry, JsonString } from '../json/json-source.js';
import { CLDR_CATEGORIES, insertForm } from '../json/json-store.js';

/** The string member of each category, in `categories` order. */
export function readForms(doc: JsonDocument, obj: JsonContainer, categories: readonly string[]): (JsonEntry | undefined)[] {
  return categories.map((c) => {
    const entry = doc.member(obj, c);
    return entry && isString(entry.value) ? entry : undefined;
  });
}

export const formTexts = (forms: readonly (JsonEntry | undefined)[]): string[] => forms.map((e) => (e ? (e.value as JsonString).value : ''));

/** True when the object has a category other than "other" (a message with only "other" is singular). */
export function hasPluralCategories(doc: JsonDocument, obj: JsonContainer): boolean {
  return CLDR_CATEGORIES.some((c) => c !== 'other' && isString(doc.member(obj, c)?.value));
}

/** Writes the language's forms; a missing form is added in category order only when it has text. */
export function writeForms(doc: JsonDocument, obj: JsonContainer, categories: readonly string[], forms: (JsonEntry | undefined)[], target: readonly string[]): void {
  categories.forEach((category, i) => {
    const text = target[i] ?? '';
    const entry = forms[i];
    if (entry) doc.setString(entry.value as JsonString, text);
    else if (text !== '') forms[i] = insertForm(doc, obj, category, text, forms, i);
  });
}

/** A new plural object with every category of the language, after the given leading members. */
export function newFormsObject(doc: JsonDocument, categories: readonly string[], target: readonly string[] | undefined, leading: readonly (readonly [string, string | undefined])[] = []): JsonContainer {
  return doc.newStringObject([...leading, ...categories.map((c, i) => [c, target?.[i] ?? ''] as const)]);
}
