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

/** A BCP 47-like code: `pt_BR` → `pt-BR`, `sr@latin` → `sr`; `Hans`/`Hant` scripts keep their case. */
export function bcp47Language(code: string): string {
  const [tag = ''] = code.trim().split('@');
  return tag.replace(/_/g, '-');
}

/** Google Translate (v2 and v3): `zh-CN`/`zh-TW` for the Chinese scripts, `no` for Bokmål, `tl` for Filipino. */
export function googleLanguage(code: string): string {
  const { base, variant } = parts(code);
  if (base === 'zh') return TRADITIONAL_CHINESE.has(variant) ? 'zh-TW' : 'zh-CN';
  if (base === 'nb') return 'no';
  if (base === 'fil') return 'tl';
  return bcp47Language(code);
}

/** Microsoft Translator v3: `zh-Hans`/`zh-Hant`, `pt` (Brazilian) and `pt-pt`, `sr-Latn`/`sr-Cyrl`, `fr-ca`. */
export function microsoftLanguage(code: string): string {
  const { base, variant } = parts(code);
  if (base === 'zh') return TRADITIONAL_CHINESE.has(variant) ? 'zh-Hant' : 'zh-Hans';
  if (base === 'pt') return variant === 'PT' ? 'pt-pt' : 'pt';
  if (base === 'sr') return variant === 'LATN' || code.includes('@latin') ? 'sr-Latn' : 'sr-Cyrl';
  if (base === 'fr' && variant === 'CA') return 'fr-ca';
  if (base === 'no') return 'nb';
  return base;
}

/** Amazon Translate: `zh`/`zh-TW`, `no`, and the regional variants it has (pt-PT, fr-CA, es-MX). */
export function awsLanguage(code: string): string {
  const { base, variant } = parts(code);
  if (base === 'zh') return TRADITIONAL_CHINESE.has(variant) ? 'zh-TW' : 'zh';
  if (base === 'nb') return 'no';
  if ((base === 'pt' && variant === 'PT') || (base === 'fr' && variant === 'CA') || (base === 'es' && variant === 'MX')) return `${base}-${variant}`;
  return base;
}

/** ISO 639-3 codes of the languages Apertium has pairs for (Apertium names languages by three letters). */
const APERTIUM: Record<string, string> = {
  af: 'afr', an: 'arg', ar: 'ara', as: 'asm', av: 'ava', be: 'bel', bg: 'bul', br: 'bre', ca: 'cat', co: 'cos', cs: 'ces', cy: 'cym', da: 'dan',
  de: 'deu', el: 'ell', en: 'eng', eo: 'epo', es: 'spa', eu: 'eus', fa: 'pes', fi: 'fin', fo: 'fao', fr: 'fra', ga: 'gle', gl: 'glg', gn: 'grn',
  hi: 'hin', hr: 'hbs_HR', hu: 'hun', hy: 'hye', ia: 'ina', id: 'ind', is: 'isl', it: 'ita', kk: 'kaz', ky: 'kir', la: 'lat', lt: 'lit', lv: 'lvs',
  mk: 'mkd', ml: 'mal', mr: 'mar', ms: 'zlm', mt: 'mlt', nb: 'nob', nl: 'nld', nn: 'nno', no: 'nob', oc: 'oci', pl: 'pol', pt: 'por', qu: 'qve',
  ro: 'ron', ru: 'rus', sc: 'srd', se: 'sme', sk: 'slk', sl: 'slv', sq: 'sqi', sv: 'swe', sw: 'swa', tat: 'tat', te: 'tel', th: 'tha', tr: 'tur',
  tt: 'tat', uk: 'ukr', ur: 'urd', uz: 'uzb', zh: 'zho',
};

/** Apertium APy: three-letter codes, with its own for some variants (`hbs_BS`, `hbs_SR`, `por_BR`). */
export function apertiumLanguage(code: string): string {
  const { base, variant } = parts(code);
  if (base === 'sr') return 'hbs_SR';
  if (base === 'bs') return 'hbs_BS';
  if (base === 'pt' && variant === 'BR') return 'por_BR';
  return APERTIUM[base] ?? base;
}
