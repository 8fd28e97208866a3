// Parla language codes (`pt_BR`, `zh_Hans`, `sr@latin`) mapped to the codes each translation service expects.

interface Parts {
  base: string;
  /** Upper-case region or script (`BR`, `HANS`), or '' */
  variant: string;
}

function parts(code: string): Parts {
  const [base = '', variant = ''] = code.trim().split(/[_\-@]/);
  return { base: base.toLowerCase(), variant: variant.toUpperCase() };
}

const TRADITIONAL_CHINESE = new Set(['HANT', 'TW', 'HK', 'MO']);

/**
 * DeepL `source_lang`: the language without variant (DeepL accepts no regional source codes), upper case.
 * https://developers.deepl.com/docs/api-reference/translate (source_lang: "EN", "PT", "ZH" ...)
 */
export function deeplSourceLanguage(code: string): string {
  const { base } = parts(code);
  if (base === 'no') return 'NB';
  return base.toUpperCase();
}

/**
 * DeepL `target_lang`: regional variants where DeepL has them (EN-GB/EN-US, PT-BR/PT-PT, ZH-HANS/ZH-HANT,
 * ES-419); plain "EN" and "PT" targets are deprecated by DeepL, so they default to EN-US and PT-PT.
 */
export function deeplTargetLanguage(code: string): string {
  const { base, variant } = parts(code);
  switch (base) {
    case 'en':
      return variant === 'GB' ? 'EN-GB' : 'EN-US';
    case 'pt':
      return variant === 'BR' ? 'PT-BR' : 'PT-PT';
    case 'zh':
      return TRADITIONAL_CHINESE.has(variant) ? 'ZH-HANT' : 'ZH-HANS';
    case 'es':
      return variant === '419' ? 'ES-419' : 'ES';
    case 'no':
    case 'nb':
      return 'NB';
    default:
      return base.toUpperCase();
  }
}

/**
 * LibreTranslate: plain lower-case codes (Argos Translate models); its own codes for the variants it
 * has: `zt` traditional Chinese, `pb` Brazilian Portuguese (https://libretranslate.com/languages).
 */
export function libreTranslateLanguage(code: string): string {
  const { base, variant } = parts(code);
  if (base === 'zh') return TRADITIONAL_CHINESE.has(variant) ? 'zt' : 'zh';
  if (base === 'pt' && variant === 'BR') return 'pb';
  if (base === 'nb' || base === 'no') return 'nb';
  return base;
}
