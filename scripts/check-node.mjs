// npm scripts run on the project's own Node (the `node` devDependency); say so loudly if not.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(`Bourse needs Node 24 (the node@24 devDependency); this is ${process.version}.`);
  console.error(
    'Run the scripts through npm (npm test, npm start) so node_modules/.bin/node is used.',
  );
  process.exit(1);
}
