// The shared format contract run on flat JSON and its real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { jsonFormat } from './json.format.js';

describeFormatContract({
  format: jsonFormat,
  samples: [
    {
      name: 'keys, escapes and non-string values',
      units: 4,
      bytes:
        '{\n    "Open": "Otevřít {0}",\n    "Quote": "Řekl \\"ahoj\\"\\nDalší řádek",\n    "version": 3,\n' +
        '    "enabled": true,\n    "Path": "C:\\\\Temp\\/cache",\n    "Unicode": "\\u010de\\u0161tina"\n}\n',
    },
    { name: 'two-space indent, CRLF, no final newline', units: 2, bytes: '{\r\n  "a": "Alpha text",\r\n  "b": "Beta text"\r\n}' },
    { name: 'minified with BOM', units: 2, bytes: '\uFEFF{"a":"Alpha text","b":"Beta text"}' },
    { name: 'empty object', units: 0, bytes: '{}\n' },
  ],
  malformed: [
    { name: 'missing comma', bytes: '{\n  "a": "x"\n  "b": "y"\n}\n', expectLine: true },
    { name: 'unterminated string', bytes: '{\n  "a": "x\n}\n', expectLine: true },
    { name: 'trailing comma', bytes: '{\n  "a": "x",\n}\n', expectLine: true },
    { name: 'top level array', bytes: '["a"]\n', expectLine: true },
    { name: 'missing closing brace', bytes: '{\n  "a": "x"\n', expectLine: true },
    { name: 'empty file', bytes: '', expectLine: true },
    { name: 'invalid escape', bytes: '{"a": "\\x"}', expectLine: true },
  ],
  fixtures: ['json'],
});
