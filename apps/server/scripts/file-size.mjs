// No source file of the server over 400 lines (tests aside): a longer file is split by what it holds (STYLE.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', 'src');
const maxLines = 400;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

const tooLong = [];
for (const path of sources(root)) {
  const lines = readFileSync(path, 'utf8').split('\n').length - 1;
  if (lines > maxLines) tooLong.push(`${relative(process.cwd(), path)}: ${lines} lines`);
}
if (tooLong.length > 0) {
  console.error(`Source files over ${maxLines} lines (split them by what they hold):\n${tooLong.join('\n')}`);
  process.exit(1);
}
console.log(`no server source file over ${maxLines} lines`);
