// Validates glTF files with the Khronos glTF validator (npm gltf-validator)
// and exits non-zero when any file has an error. Usage:
//   node scripts/gltf-validate.js FILE|DIR...
// The package is looked up in .cache/node (where scripts/test.sh installs
// it) and then on node's own path.
'use strict';
const fs = require('fs');
const path = require('path');

let validator;
try {
  validator = require(path.join(__dirname, '..', '.cache', 'node', 'node_modules', 'gltf-validator'));
} catch (e) {
  validator = require('gltf-validator');
}

function files(p) {
  if (fs.statSync(p).isDirectory()) {
    return fs.readdirSync(p).sort().flatMap((n) => files(path.join(p, n)));
  }
  return /\.(glb|gltf)$/i.test(p) ? [p] : [];
}

async function main() {
  const list = process.argv.slice(2).flatMap(files);
  if (list.length === 0) {
    console.error('gltf-validate: no .glb or .gltf files given');
    process.exit(2);
  }
  let bad = 0;
  for (const f of list) {
    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(f)), {
      uri: path.basename(f),
      maxIssues: 50,
      externalResourceFunction: () => Promise.reject(new Error('external resources are not used')),
    });
    const is = report.issues;
    console.log(`${f}: ${is.numErrors} errors, ${is.numWarnings} warnings, ${is.numInfos} infos, ${is.numHints} hints`);
    for (const m of is.messages) {
      if (m.severity <= 1) {
        console.log(`  ${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer || ''}: ${m.message}`);
      }
    }
    if (is.numErrors > 0) bad++;
  }
  console.log(`${list.length} files, ${bad} with errors`);
  process.exit(bad > 0 ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
