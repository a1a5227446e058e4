package formats

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func validMesh() *Mesh {
	return &Mesh{
		Name:      "tri",
		Positions: []mgl32.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}},
		Joints:    [][MaxInfluences]uint16{{0}, {1}, {0, 1}},
		Weights:   [][MaxInfluences]float32{{1}, {1}, {0.25, 0.75}},
		Indices:   []uint32{0, 1, 2},
		Groups:    []MeshGroup{{Name: "g", First: 0, Count: 1, Material: -1}},
	}
}

func TestMeshValidate(t *testing.T) {
	nan := float32(math.NaN())
	cases := []struct {
		name  string
		edit  func(m *Mesh)
		bones int
		want  string
	}{
		{"valid", func(*Mesh) {}, 2, ""},
		{"static", func(m *Mesh) { m.Joints, m.Weights = nil, nil }, 0, ""},
		{"index out of range", func(m *Mesh) { m.Indices[2] = 3 }, 2, "names vertex 3 of 3"},
		{"partial triangle", func(m *Mesh) { m.Indices = m.Indices[:2] }, 2, "not a whole number"},
		{"joint out of range", func(m *Mesh) { m.Joints[1][0] = 2 }, 2, "joint 2 for a skeleton of 2"},
		{"negative weight", func(m *Mesh) { m.Weights[2] = [4]float32{-0.5, 1.5} }, 2, "weight 0 is -0.5"},
		{"weights sum to zero", func(m *Mesh) { m.Weights[0] = [4]float32{} }, 2, "sum to 0"},
		{"NaN position", func(m *Mesh) { m.Positions[1][2] = nan }, 2, "position"},
		{"NaN weight", func(m *Mesh) { m.Weights[0][0] = nan }, 2, "weight 0 is NaN"},
		{"normals short", func(m *Mesh) { m.Normals = []mgl32.Vec3{{0, 0, 1}} }, 2, "1 normals for 3"},
		{"group past end", func(m *Mesh) { m.Groups[0].Count = 2 }, 2, "spans triangles"},
		{"missing material", func(m *Mesh) { m.Groups[0].Material = 0 }, 2, "names material 0 of 0"},
		{"inverse binds short", func(m *Mesh) { m.InverseBind = []mgl32.Mat4{mgl32.Ident4()} }, 2, "1 inverse bind matrices for 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := validMesh()
			c.edit(m)
			err := m.Validate(c.bones)
			if c.want == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Validate: %v, want an error containing %q", err, c.want)
			}
		})
	}
}
