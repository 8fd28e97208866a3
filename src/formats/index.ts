// Public entry point of the file-format layer.

export * from './format.js';
export { FormatRegistry, formats } from './registry.js';
export { DEFAULT_PLURAL_FORMS, poFormat, poMonoFormat } from './po/po.format.js';
