// WebExtension specifics: the message is the unit, the description its note, placeholders survive edits.
import { describe, expect, it } from 'vitest';
import { webextensionFormat } from './webextension.format.js';

const out = (store: { serialize(): Buffer }) => store.serialize().toString('utf8');
const FILE =
  '{\n    "share_base_message": {\n        "message": "Chrání mě $NAME$!",\n        "description": "Share message, \\"NAME\\" is the extension",\n' +
  '        "placeholders": {\n            "name": {\n                "content": "$1",\n                "example": "Privacy Badger"\n            }\n        }\n    },\n' +
  '    "settingsVersion": 3\n}';

describe('webextension messages.json', () => {
  it('reads the message as target and the description as note', () => {
    const store = webextensionFormat.parse(Buffer.from(FILE));
    expect(store.units).toHaveLength(1);
    expect(store.units[0]).toMatchObject({ key: 'share_base_message', target: ['Chrání mě $NAME$!'], note: 'Share message, "NAME" is the extension' });
  });

  it('rewrites only the message and keeps placeholders and the missing final newline', () => {
    const store = webextensionFormat.parse(Buffer.from(FILE));
    store.updateUnit(0, { target: ['$NAME$ mě chrání'] });
    expect(out(store)).toBe(FILE.replace('Chrání mě $NAME$!', '$NAME$ mě chrání'));
  });

  it('adds a message object with its description in the file\'s indentation', () => {
    const store = webextensionFormat.parse(Buffer.from(FILE));
    store.addUnit({ key: 'popup_title', source: ['popup_title'], target: ['Vyskakovací okno'], note: 'Popup heading' });
    expect(out(store)).toBe(
      FILE.replace('    "settingsVersion": 3\n}', '    "settingsVersion": 3,\n    "popup_title": {\n        "message": "Vyskakovací okno",\n        "description": "Popup heading"\n    }\n}'),
    );
  });
});
