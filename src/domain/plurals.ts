// Plural forms are stored joined by a separator no translation contains; the API shows them as arrays.
export const PLURAL_SEPARATOR = '\u001e\u001e';

export function joinPlurals(forms: readonly string[]): string {
  return forms.join(PLURAL_SEPARATOR);
}

export function splitPlurals(value: string): string[] {
  return value.split(PLURAL_SEPARATOR);
}
