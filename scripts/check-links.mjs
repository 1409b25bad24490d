#!/usr/bin/env node
// Every relative link in README.md and docs/**/*.md must name a file or folder that exists: a doc
// moved or renamed leaves no dead link behind. Addresses with a scheme (https:, mailto:) and links
// within a page (#…) are not checked; code spans and fenced blocks are not links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** The link targets of a Markdown text: inline `[text](target)` and reference `[id]: target`. */
function linkTargets(text) {
  const prose = text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const reference = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...reference].map((match) => match[1]);
}

const isChecked = (target) => !/^[a-z][a-z\d+.-]*:/i.test(target) && !target.startsWith('#');

const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
const missing = [];
for (const file of files) {
  for (const target of linkTargets(readFileSync(file, 'utf8')).filter(isChecked)) {
    const relative = decodeURIComponent(target.split('#', 1)[0]);
    const resolved = relative.startsWith('/')
      ? path.join(root, relative)
      : path.resolve(path.dirname(file), relative);
    if (!existsSync(resolved)) missing.push(`${path.relative(root, file)}: ${target}`);
  }
}

if (missing.length > 0) {
  process.stderr.write(`Links to nothing:\n${missing.map((line) => `  ${line}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`${files.length} Markdown files, every relative link resolves.\n`);
