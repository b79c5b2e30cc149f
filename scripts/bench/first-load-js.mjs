#!/usr/bin/env node
// The JavaScript a visitor downloads before the storefront home can render: the entry
// chunk of index.html and every chunk it imports statically (Vite's build manifest), each
// gzipped at level 9 as a server would send it. The home route is part of the entry, so
// this is what the home page needs; lazy routes and dialogs are left out on purpose.
//
//   node scripts/bench/first-load-js.mjs DIST_DIR [--json]
// DIST_DIR is a `vite build --manifest` output. Prints one line per chunk and the total
// in KB (1 KB = 1,000 bytes), or one JSON object with --json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [dist, flag] = process.argv.slice(2);
if (!dist) {
  console.error('usage: first-load-js.mjs DIST_DIR [--json]');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entry) {
  console.error(`no index.html entry in ${dist}/.vite/manifest.json`);
  process.exit(1);
}

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) visit(next);
};
visit(entry);

const chunks = [...seen]
  .map((key) => manifest[key].file)
  .map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzipBytes - a.gzipBytes);
const totalBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);

if (flag === '--json') {
  console.log(JSON.stringify({ totalBytes, chunks }));
} else {
  for (const { file, gzipBytes } of chunks) console.log(`${(gzipBytes / 1000).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${(totalBytes / 1000).toFixed(1).padStart(7)} KB  total (gzip -9) in ${chunks.length} files`);
}
