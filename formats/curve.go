package formats

// At returns a Hermite curve's value and derivative per second at time t
// (Vec3Track.Curve): the piece whose keys bracket t; outside the keys the
// end keys hold (derivative zero). The curve must have a key.
func At(curve []HermiteKey, t float64) (p, d [3]float64) {
	n := len(curve)
	if t <= curve[0].Time {
		return curve[0].Value, d
	}
	if t >= curve[n-1].Time {
		return curve[n-1].Value, d
	}
	k := 0
	for k+2 < n && curve[k+1].Time <= t {
		k++
	}
	a, b := &curve[k], &curve[k+1]
	span := b.Time - a.Time
	u := (t - a.Time) / span
	u2, u3 := u*u, u*u*u
	for c := 0; c < 3; c++ {
		p[c] = (2*u3-3*u2+1)*a.Value[c] + span*(u3-2*u2+u)*a.Out[c] + (-2*u3+3*u2)*b.Value[c] + span*(u3-u2)*b.In[c]
		d[c] = ((6*u2-6*u)*a.Value[c]+(-6*u2+6*u)*b.Value[c])/span + (3*u2-4*u+1)*a.Out[c] + (3*u2-2*u)*b.In[c]
	}
	return p, d
}

// CurveSpan returns the part of a Hermite curve between times a and b
// (a < b), shifted by -shift: a piece of a cubic is a cubic, so the part
// starts with the curve's value and derivative at a, keeps the keys
// inside, and ends with its value and derivative at b. nil where a or b
// lies outside the curve's keys (the hold there is no cubic) or the curve
// is nil.
func CurveSpan(curve []HermiteKey, a, b, shift float64) []HermiteKey {
	n := len(curve)
	if n < 2 || !(a < b) || a < curve[0].Time || b > curve[n-1].Time {
		return nil
	}
	out := []HermiteKey{{Time: a}}
	out[0].Value, out[0].Out = At(curve, a)
	// At a key, the derivative leaving it is the later piece's (At holds
	// before the first key).
	for _, k := range curve {
		if k.Time == a {
			out[0].Value, out[0].Out = k.Value, k.Out
		}
	}
	for _, k := range curve {
		if k.Time > a && k.Time < b {
			out = append(out, k)
		}
	}
	last := HermiteKey{Time: b}
	last.Value, last.In = At(curve, b)
	// At a key, the derivative arriving there is the earlier piece's.
	for _, k := range curve {
		if k.Time == b {
			last.Value, last.In = k.Value, k.In
		}
	}
	out = append(out, last)
	for i := range out {
		out[i].Time -= shift
	}
	out[len(out)-1].Out = [3]float64{}
	return out
}
