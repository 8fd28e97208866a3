// The shared format contract run on go-i18n v1 and v2 JSON (no real-world folder: handcrafted samples only).
import { describeFormatContract, languageOptions } from '../contract/format-contract.js';
import type { ParseOptions } from '../format.js';
import { goI18nJsonFormat, goI18nJsonV2Format } from './go-i18n.format.js';

const CS: ParseOptions = languageOptions(goI18nJsonFormat, 'cs');

/** A Russian v2 file whose plural lacks the "many" form. */
const RU_V2 = '{\n  "Files": {\n    "one": "{{.Count}} файл",\n    "few": "{{.Count}} файла",\n    "other": "{{.Count}} файла"\n  },\n  "Close": "Закрыть"\n}\n';
/** A Polish v1 file whose plural lacks "few" and "many". */
const PL_V1 = '[\n  {\n    "id": "files",\n    "translation": {\n      "one": "{{.Count}} plik",\n      "other": "{{.Count}} pliku"\n    }\n  },\n  {\n    "id": "close",\n    "translation": "Zamknij"\n  }\n]\n';

describeFormatContract({
  format: goI18nJsonFormat,
  samples: [
    {
      name: 'v1 singular and plural translations',
      units: 3,
      options: CS,
      bytes:
        '[\n  {\n    "id": "d_days",\n    "translation": {\n      "one": "{{.Count}} den",\n      "few": "{{.Count}} dny",\n      "other": "{{.Count}} dní"\n    }\n  },\n' +
        '  {\n    "id": "program_greeting",\n    "translation": "Ahoj \\"světe\\""\n  },\n  {\n    "id": "untranslated",\n    "translation": ""\n  }\n]\n',
    },
    { name: 'v1 English, tab indent', units: 1, bytes: '[\n\t{\n\t\t"id": "hello",\n\t\t"translation": "Hello world"\n\t}\n]' },
  ],
  plural: { sample: 0, unit: 0 },
  malformed: [
    { name: 'object instead of array', bytes: '{\n  "id": "x"\n}\n', expectLine: true },
    { name: 'missing comma between items', bytes: '[\n  {"id": "a"}\n  {"id": "b"}\n]\n', expectLine: true },
  ],
  fixtures: [],
  pluralCases: [{ name: 'Polish v1 without few and many', language: 'pl', bytes: PL_V1 }],
});

describeFormatContract({
  format: goI18nJsonV2Format,
  samples: [
    {
      name: 'v2 strings, descriptions and plurals',
      units: 4,
      options: CS,
      bytes:
        '{\n  "HelloPerson": "Ahoj {{.Name}}",\n  "PersonCats": {\n    "description": "How many cats a person has",\n    "hash": "sha1-abc",\n' +
        '    "one": "{{.Name}} má {{.Count}} kočku.",\n    "few": "{{.Name}} má {{.Count}} kočky.",\n    "other": "{{.Name}} má {{.Count}} koček."\n  },\n' +
        '  "Described": {\n    "description": "A plain message with a description",\n    "other": "Popsaná zpráva"\n  },\n' +
        '  "nested": {\n    "Inner": "Vnořená zpráva"\n  }\n}\n',
    },
  ],
  plural: { sample: 0, unit: 1 },
  malformed: [{ name: 'unterminated string', bytes: '{\n  "a": "x\n}\n', expectLine: true }],
  fixtures: [],
  pluralCases: [{ name: 'Russian v2 without many', language: 'ru', bytes: RU_V2 }],
});
