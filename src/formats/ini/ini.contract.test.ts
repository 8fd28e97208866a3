// The shared format contract run on INI files (plain and Gitea/Gogs style) and on Gogs' real locale files.
import path from 'node:path';
import { describeFormatContract, REAL_WORLD_DIR } from '../contract/format-contract.js';
import { iniFormat } from './ini.format.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/ini');

const GITEA = `app_desc = A painless self-hosted Git service
home = Home

[home]
; Shown under the logo
uname_holder = Username or Email Address
password_holder = Password

[form]
require_error = \` cannot be empty.\`
quoted = "  padded value  "
multi = """first line
second line"""
`;

describeFormatContract({
  format: iniFormat,
  samples: [
    { name: 'Gitea style: sections, comments, quotes, multi-line', bytes: GITEA, units: 7 },
    { name: 'plain with colon separator', bytes: '# Settings\n[main]\ntitle: Main window\nquit: Quit now\n', units: 2 },
    { name: 'CRLF and no final newline', bytes: 'a=Alpha text\r\nb=Beta text', units: 2 },
  ],
  malformed: [
    { name: 'line without separator', bytes: '[s]\na = 1\njust words\n', expectLine: true },
    { name: 'unterminated section', bytes: '[section\na = 1\n', expectLine: true },
    { name: 'unterminated """', bytes: 'a = """one\ntwo\n', expectLine: true },
  ],
  fixtures: [path.relative(REAL_WORLD_DIR, FIXTURES)],
});
