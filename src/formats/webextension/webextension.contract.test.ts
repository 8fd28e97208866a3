// The shared format contract run on WebExtension messages.json and its real-world files.
import { describeFormatContract } from '../contract/format-contract.js';
import { webextensionFormat } from './webextension.format.js';

describeFormatContract({
  format: webextensionFormat,
  samples: [
    {
      name: 'messages, descriptions and placeholders',
      units: 3,
      bytes:
        '{\n    "extName": {\n        "message": "uBlock₀",\n        "description": "extension name."\n    },\n' +
        '    "greeting": {\n        "message": "Ahoj $NAME$, máš \\"$COUNT$\\" zpráv",\n        "description": "Greeting shown on start",\n' +
        '        "placeholders": {\n            "name": {\n                "content": "$1",\n                "example": "Jan"\n            },\n' +
        '            "count": {\n                "content": "$2"\n            }\n        }\n    },\n' +
        '    "noDescription": {\n        "message": "Bez popisu"\n    }\n}\n',
    },
    { name: 'no final newline, two spaces', units: 1, bytes: '{\n  "a": {\n    "message": "Alpha text",\n    "description": ""\n  }\n}' },
  ],
  newUnit: { key: 'contract_new_key', context: 'contract_new_key', source: ['Brand new'], target: ['Zcela nový'], note: 'Added by the contract' },
  malformed: [
    { name: 'missing comma between messages', bytes: '{\n  "a": {\n    "message": "x"\n  }\n  "b": {\n    "message": "y"\n  }\n}\n', expectLine: true },
    { name: 'top level array', bytes: '[\n]\n', expectLine: true },
  ],
  fixtures: ['webextension'],
});
