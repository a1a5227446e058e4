package state

import (
	"slices"
	"testing"

	"github.com/animview/animview/formats"
	"github.com/animview/animview/formats/sims"
)

// TestSuitsForOtherSkeleton: a suit whose file name says a child
// (b001fcchd_01, c004mc_nerd, child-censor: the letter after the gender,
// or the name's start, docs/formats/sims.md#built-in-skeleton-tables) is
// for another skeleton than an adult's, and an adult's for a child's;
// U and J pass such suits over.
func TestSuitsForOtherSkeleton(t *testing.T) {
	names := []string{"b001mafit_01.cmx", "b001fcchd_01.cmx", "c004mc_nerd.cmx", "child-censor.cmx", "c001ma_ross.cmx"}
	for _, tc := range []struct {
		skel     *formats.Skeleton
		age      sims.Age
		other    []bool
		body, hd []int // the steps of U and of J from none, round
	}{
		{&formats.Skeleton{Name: "adult", Source: "adult-skeleton.cmx (beside the file)"}, sims.Adult,
			[]bool{false, true, true, true, false}, []int{0, 4, -1}, []int{4, -1}},
		{&formats.Skeleton{Name: "Sims child skeleton (built-in table)"}, sims.Child,
			[]bool{true, false, false, false, true}, []int{1, 2, 3, -1}, []int{2, -1}},
	} {
		if SkeletonAge(nil) != sims.Adult {
			t.Error("no skeleton is not an adult's")
		}
		s := New("skill.cmx", &formats.Asset{Format: "sims-cmx", Skeleton: tc.skel})
		s.SetSuits(slices.Clone(names), slices.Clone(names), nil, sims.ToneLight)
		if got := SkeletonAge(tc.skel); got != tc.age {
			t.Errorf("%v: age %v, want %v", tc.skel, got, tc.age)
		}
		for i := range names {
			if got := s.Wardrobe().ForOther(i); got != tc.other[i] {
				t.Errorf("%v: ForOther(%s) = %v, want %v", tc.age, names[i], got, tc.other[i])
			}
		}
		for slot, want := range [][]int{tc.body, tc.hd} {
			var got []int
			s.suits.worn = []int{-1, -1}
			for range want {
				n := s.Wardrobe().Next(slot, 1)
				got = append(got, n)
				s.suits.worn[slot] = n
			}
			if !slices.Equal(got, want) {
				t.Errorf("%v: slot %d steps %v, want %v", tc.age, slot, got, want)
			}
		}
	}
}

// TestAddWarnings: a suit's warnings join the list once each and show
// the banner again.
func TestAddWarnings(t *testing.T) {
	s := demo()
	s.msg.setWarnings([]string{"old"})
	s.DismissWarnings()
	s.AddWarnings([]string{"skin x: no such file", "old", "skin x: no such file"})
	if got := s.Messages().Warnings(); !slices.Equal(got, []string{"old", "skin x: no such file"}) || s.Messages().WarningsDismissed() {
		t.Errorf("warnings %q, dismissed %v", got, s.Messages().WarningsDismissed())
	}
	s.DismissWarnings()
	s.AddWarnings([]string{"old"})
	if !s.Messages().WarningsDismissed() {
		t.Error("nothing new showed the banner again")
	}
}
