// Writes the nginx snippets of the security headers and of the prerendered pages for a built web app (the web image runs it at
// build time): `tsx mock-server/src/write-nginx-headers.ts <web dist> <output dir>`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nginxHeaderSnippets } from './plugins/nginx-headers.ts';
import { nginxPageSnippets } from './plugins/nginx-pages.ts';

const [webDir, outDir] = process.argv.slice(2);
if (webDir === undefined || outDir === undefined) {
  console.error('usage: write-nginx-headers.ts <web dist> <output dir>');
  process.exit(2);
}
const snippets = await nginxHeaderSnippets(webDir);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'csp-map.conf'), snippets.map);
writeFileSync(join(outDir, 'headers-page.conf'), snippets.page);
writeFileSync(join(outDir, 'headers-file.conf'), snippets.file);
const pages = nginxPageSnippets();
writeFileSync(join(outDir, 'language-map.conf'), pages.map);
writeFileSync(join(outDir, 'page-file.conf'), pages.file);
console.log(`nginx security headers for ${webDir} written to ${outDir}`);
