package sims

import "fmt"

// orderBones sorts bones given by name and parent name into
// parent-before-child order: a depth-first walk from the roots, roots and
// children in input order. A parent named "NULL" or "" makes a root. An
// unknown parent makes a root, and so does the first bone of each parent
// cycle; both with a warning. It returns, for each output position, the
// input index and the output index of the parent (-1 for roots).
func orderBones(names, parents []string) (order, parentOut []int, warnings []string) {
	n := len(names)
	byName := make(map[string]int, n)
	for i, nm := range names {
		if j, dup := byName[nm]; dup {
			warnings = append(warnings, fmt.Sprintf("bones %d and %d are both named %q; children attach to the first", j, i, nm))
			continue
		}
		byName[nm] = i
	}
	parentIn := make([]int, n)
	firstChild := make([]int, n)
	nextSibling := make([]int, n)
	lastChild := make([]int, n)
	for i := range firstChild {
		firstChild[i], nextSibling[i], lastChild[i] = -1, -1, -1
	}
	for i, p := range parents {
		parentIn[i] = -1
		if p == "NULL" || p == "" {
			continue
		}
		j, ok := byName[p]
		if !ok {
			warnings = append(warnings, fmt.Sprintf("bone %q: parent %q is not in the skeleton; shown as a root", names[i], p))
			continue
		}
		parentIn[i] = j
		if lastChild[j] < 0 {
			firstChild[j] = i
		} else {
			nextSibling[lastChild[j]] = i
		}
		lastChild[j] = i
	}
	newIndex := make([]int, n)
	for i := range newIndex {
		newIndex[i] = -1
	}
	order = make([]int, 0, n)
	parentOut = make([]int, 0, n)
	stack := make([]int, 0, 16)
	walk := func(root int) {
		stack = append(stack[:0], root)
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if newIndex[b] >= 0 {
				continue
			}
			newIndex[b] = len(order)
			order = append(order, b)
			if p := parentIn[b]; p >= 0 && newIndex[p] >= 0 && b != root {
				parentOut = append(parentOut, newIndex[p])
			} else {
				parentOut = append(parentOut, -1)
			}
			// Push children in reverse so that they come out in input order.
			var kids []int
			for c := firstChild[b]; c >= 0; c = nextSibling[c] {
				kids = append(kids, c)
			}
			for k := len(kids) - 1; k >= 0; k-- {
				if newIndex[kids[k]] < 0 {
					stack = append(stack, kids[k])
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		if parentIn[i] < 0 {
			walk(i)
		}
	}
	for i := 0; i < n; i++ {
		if newIndex[i] < 0 {
			warnings = append(warnings, fmt.Sprintf("bone %q is in a parent cycle; shown as a root", names[i]))
			walk(i)
		}
	}
	return order, parentOut, warnings
}
