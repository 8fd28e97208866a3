// The shared format contract run on Markdown documents and the real-world README and tldr pages.
import { describeFormatContract } from '../contract/format-contract.js';
import { markdownFormat } from './markdown.format.js';

const PAGE = `# tar

> Archiving utility.
> Often combined with a compression method, such as \`gzip\` or \`bzip2\`.

- [c]reate an archive and write it to a [f]ile:

\`tar cf {{path/to/target.tar}} {{path/to/file1}}\`

- E[x]tract a (compressed) archive [f]ile into the current directory:

\`tar xvf {{path/to/source.tar}}\`
`;

const FULL = `---
title: Front matter is not translated
---
Getting started
===============

Read the [manual][docs] before you begin, and *enjoy* the **ride**.
Second line of the same paragraph.

[docs]: https://example.com/docs "The complete manual"

| Option      | Meaning                    |
|-------------|----------------------------|
| \`--force\`   | Overwrite existing files   |
| \`--quiet\`   | Print nothing at all \\| ever |

<!-- a comment for the writers -->

<details>
<summary>Click to expand the details</summary>
</details>

1. First numbered step
2. Second numbered step
   - [ ] An open task in a nested list
   - [x] A finished task in a nested list

A paragraph after the list.

    indented code is left alone

\`\`\`sh
echo "fenced code is left alone"
\`\`\`
`;

describeFormatContract({
  format: markdownFormat,
  samples: [
    { name: 'tldr page: heading, quote, list items, code lines', units: 4, bytes: PAGE },
    { name: 'front matter, setext heading, table, link title, HTML, nested lists, code', units: 13, bytes: FULL },
  ],
  // Headings and table cells hold one line: the default tricky text without its line break.
  trickyText: 'Say "hi" & <b>bye</b> \'now\' next: čeština 日本語 =:# \\ {0} %s',
  malformed: [{ name: 'invalid UTF-8', bytes: Buffer.from([0x23, 0x20, 0x61, 0x0a, 0xff, 0x0a]), expectLine: true }],
  fixtures: ['markdown'],
});
