// The shared format contract run on nested JSON and its real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { jsonNestedFormat } from './json-nested.format.js';

describeFormatContract({
  format: jsonNestedFormat,
  samples: [
    {
      name: 'sections, arrays and non-string values',
      units: 6,
      bytes:
        '{\n  "labels": {\n    "paste": "Vložit",\n    "copy": "Kopírovat {{count}}",\n    "deep": {\n      "inner": "Hluboko \\"uvnitř\\""\n    }\n  },\n' +
        '  "count": 3,\n  "days": ["Pondělí", "Úterý"],\n  "empty": {},\n  "title": "Nadpis"\n}\n',
    },
    { name: 'flat keys only', units: 2, bytes: '{\n    "a": "Alpha text",\n    "b": "Beta text"\n}\n' },
    { name: 'minified', units: 2, bytes: '{"s":{"a":"Alpha text","b":"Beta text"}}' },
  ],
  malformed: [
    { name: 'missing colon', bytes: '{\n  "a" "x"\n}\n', expectLine: true },
    { name: 'unclosed nested object', bytes: '{\n  "a": {\n    "b": "x"\n}\n', expectLine: true },
    { name: 'top level string', bytes: '"text"\n', expectLine: true },
  ],
  fixtures: ['json-nested'],
});
