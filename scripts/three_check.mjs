// Plays an animview glTF export with three.js (GLTFLoader and
// AnimationMixer: glTF's own interpolation, slerp and CUBICSPLINE) and
// compares every joint's world position with `animview pose --json`
// converted by the export's basis (the scene's extras), at N times inside
// the first animation. Usage:
//   node scripts/three_check.mjs FILE.glb SOURCE [ANIMVIEW] [N]
// three is looked up in .cache/node (where scripts/test.sh installs it)
// and then on node's own path. It prints one CHECK line and exits non-zero
// when a joint is more than 1e-4 of the figure's size away.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cache = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'node', 'node_modules', 'three');
const from = (p) => (fs.existsSync(cache) ? pathToFileURL(path.join(cache, p)).href : 'three/' + p);
const THREE = await import(fs.existsSync(cache) ? from('build/three.module.js') : 'three');
const { GLTFLoader } = await import(from('examples/jsm/loaders/GLTFLoader.js'));

const [glb, source, animview = 'animview', nArg = '40'] = process.argv.slice(2);
const data = fs.readFileSync(glb);
const n = data.readUInt32LE(12);
const doc = JSON.parse(data.subarray(20, 20 + n).toString());
const { basis } = doc.scenes[0].extras.conversion;
const size = doc.scenes[0].extras.figure_size;
const conv = ([x, y, z]) => [basis[0] * x + basis[3] * y + basis[6] * z,
  basis[1] * x + basis[4] * y + basis[7] * z, basis[2] * x + basis[5] * y + basis[8] * z];
const gltf = await new GLTFLoader().parseAsync(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), '');
const clip = gltf.animations[0];
const mixer = new THREE.AnimationMixer(gltf.scene);
mixer.clipAction(clip).play();
const nodes = {};
gltf.scene.traverse((o) => { nodes[o.name] = o; });
const N = Number(nArg);
let worst = 0, count = 0, where = '';
for (let k = 0; k < N; k++) {
  // Times between the keys, inside the clip.
  const t = clip.duration * (k + 0.377) / N;
  mixer.setTime(t);
  gltf.scene.updateMatrixWorld(true);
  const pose = JSON.parse(execFileSync(animview, ['pose', '--json', source, '--time', String(t)]).toString());
  for (const b of pose.bones) {
    // three.js sanitises node names (spaces to underscores).
    const o = nodes[THREE.PropertyBinding.sanitizeNodeName(b.name)];
    if (!o) continue;
    const p = new THREE.Vector3().setFromMatrixPosition(o.matrixWorld);
    const w = conv(b.world.translation);
    const d = Math.hypot(p.x - w[0], p.y - w[1], p.z - w[2]);
    if (d > worst) { worst = d; where = `${b.name} at ${t.toFixed(4)} s`; }
    count++;
  }
}
console.log(`CHECK three.js ${THREE.REVISION}: ${count} joints at ${N} times: worst |three.js - animview pose| = ${worst.toExponential(2)} ` +
  `(${(worst / size).toExponential(2)} of the figure's size ${size.toPrecision(4)}) at ${where}`);
process.exit(count > 0 && worst <= 1e-4 * size ? 0 : 1);
