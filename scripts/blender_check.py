# Checks an animview glTF export in Blender, independently of animview's
# own glTF reader: imports FILE.glb with Blender's glTF importer, then
#  - at rest, reports where the figure's up, left and front point in
#    Blender's axes (+Z up; a figure facing the front view faces -Y and has
#    its left on +X), from bone names (head vs feet, L_/R_, toes vs feet);
#  - at several frames, compares every bone head Blender computes with
#    `animview pose --json SOURCE --time T` converted by the export's own
#    documented basis (scene extras.conversion.basis).
# Usage (Blender 3.x, headless):
#   blender -b --python scripts/blender_check.py -- FILE.glb SOURCE [ANIMVIEW] [--entry NAME] [--clip NAME]
# --clip checks that glTF animation (Blender's action of that name) against
# `animview pose --clip NAME`; without it, the importer's active action (the
# first animation) against the source's first clip.
# It prints one line per check and exits non-zero when a pose differs by
# more than 1e-4 of the figure's size.
import json
import subprocess
import sys

import bpy
import numpy

# Debian's Blender 3.4 glTF add-on still uses numpy.bool, gone in numpy 1.24.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

args = sys.argv[sys.argv.index("--") + 1:]
glb, source = args[0], args[1]
animview = args[2] if len(args) > 2 and not args[2].startswith("--") else "animview"
extra = args[args.index("--entry"):args.index("--entry") + 2] if "--entry" in args else []
clip = args[args.index("--clip") + 1] if "--clip" in args else None
if clip is not None:
    extra += ["--clip", clip]

bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=glb)
scene = bpy.context.scene
arm = [o for o in scene.objects if o.type == 'ARMATURE'][0]
if clip is not None:
    # The importer makes one action per animation, the first one active and
    # the rest stashed; an ANM clip's name is "Set/Anim".
    acts = [a for a in bpy.data.actions if a.name == clip] or \
        [a for a in bpy.data.actions if a.name.startswith(clip)]
    if not acts:
        sys.exit("no action named %r among %s" % (clip, [a.name for a in bpy.data.actions]))
    arm.animation_data.action = acts[0]
# The importer puts scene extras on the scene; read the basis from the file
# itself so the check does not depend on where the importer keeps them.
with open(glb, "rb") as f:
    data = f.read()
n = int.from_bytes(data[12:16], "little")
doc = json.loads(data[20:20 + n])
extras = doc["scenes"][0]["extras"]
basis, size = extras["conversion"]["basis"], extras["figure_size"]


def to_blender(p):
    x, y, z = p
    g = [basis[0] * x + basis[3] * y + basis[6] * z,
         basis[1] * x + basis[4] * y + basis[7] * z,
         basis[2] * x + basis[5] * y + basis[8] * z]
    return (g[0], -g[2], g[1])  # glTF +Y up -> Blender +Z up


def mean(vs, i):
    return sum(v[i] for v in vs) / len(vs) if vs else None


rest = {b.name: list(arm.matrix_world @ b.head_local) for b in arm.data.bones}
up = lambda n: n.upper()
# camelCase sides too: MilkShape models name them lShoulder, rHip.
camel = lambda n, c: len(n) > 1 and n[0] == c and n[1].isupper()
left = [v for k, v in rest.items() if up(k).startswith("L_") or "LFT" in up(k) or camel(k, "l")]
right = [v for k, v in rest.items() if up(k).startswith("R_") or "-RT" in up(k) or camel(k, "r")]
head = [v for k, v in rest.items() if "HEAD" in up(k)]
feet = [v for k, v in rest.items() if any(s in up(k) for s in ("FOOT", "TOE", "LEG"))]
toes = [v for k, v in rest.items() if "TOE" in up(k)]
foot = [v for k, v in rest.items() if "FOOT" in up(k)]
tail = [v for k, v in rest.items() if "TAIL" in up(k)]
verdict = []
if head and feet:
    verdict.append("upright" if mean(head, 2) > mean(feet, 2) else "UPSIDE DOWN")
if left and right:
    verdict.append("left on +X" if mean(left, 0) > mean(right, 0) else "left on -X (MIRRORED by names)")
if toes and foot:
    verdict.append("toes toward -Y (front)" if mean(toes, 1) < mean(foot, 1) else "toes toward +Y (BACK)")
elif head and tail:
    verdict.append("head toward -Y (front)" if mean(head, 1) < mean(tail, 1) else "head toward +Y (BACK)")
print("CHECK rest:", ", ".join(verdict) or "no named bones to judge by",
      "| armature det %.3g" % arm.matrix_world.to_3x3().determinant())

fps = scene.render.fps / scene.render.fps_base
worst, count = 0.0, 0
# Only frames inside the clip: past its end Blender holds the last key while
# `animview pose` wraps a looping clip (an ANM's Legs/jog lasts 0.83 s).
anims = doc.get("animations", [])
anim = next((a for a in anims if a.get("name") == clip), anims[0] if anims else {})
last = min(24, int(anim.get("extras", {}).get("duration", 1) * fps + 1e-6)) if anims else 24
frames = list(range(0, last + 1, 3))
for frame in frames:
    scene.frame_set(frame)
    heads = {pb.name: list(arm.matrix_world @ pb.head) for pb in arm.pose.bones}
    out = subprocess.run([animview, "pose", "--json", source, "--time", repr(frame / fps)] + extra,
                         capture_output=True, text=True, check=True).stdout
    for b in json.loads(out)["bones"]:
        name = b["name"] or "bone %d" % b["id"]
        if name not in heads:
            continue
        want = to_blender(b["world"]["translation"])
        worst = max(worst, max(abs(a - c) for a, c in zip(want, heads[name])))
        count += 1
print("CHECK poses: %d bone heads at frames 0..%d (%.4g fps): worst |Blender - animview pose| = %.2g (%.2g of the figure's size %.3g)"
      % (count, frames[-1], fps, worst, worst / size, size))
sys.exit(0 if count > 0 and worst <= 1e-4 * size else 1)
