// Registry of the translation file formats Parla can read and write, looked up by format id.

import type { TranslationFormat } from './format.js';
import { poFormat, poMonoFormat } from './po/po.format.js';

export class FormatRegistry {
  private readonly byId = new Map<string, TranslationFormat>();

  /** Adds a format; ids are unique. Returns the registry for chaining. */
  register(format: TranslationFormat): this {
    if (this.byId.has(format.id)) throw new Error(`File format "${format.id}" is already registered`);
    this.byId.set(format.id, format);
    return this;
  }

  get(id: string): TranslationFormat | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Registered formats in registration order. */
  list(): TranslationFormat[] {
    return [...this.byId.values()];
  }
}

/** The formats known to the server. */
export const formats = new FormatRegistry().register(poFormat).register(poMonoFormat);
