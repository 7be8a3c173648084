package discordtest

import (
	"fmt"
	"slices"
	"strings"
)

// The validator is exact but slow where the description is most
// repetitive: it compares numbers as big.Rat parsed from text, and it tries
// every branch of a oneOf in full. speedUp rewrites the decoded description
// into an equivalent one that avoids both, before anything is compiled, and
// returns where the rewritten unions refuse an unknown tag (see
// dispatchTaggedUnions).
func speedUp(doc any) map[string]string {
	enumsFromConstUnions(doc)
	dropRedundantEnums(doc, doc)
	tags := map[string]string{}
	dispatchTaggedUnions(doc, doc, "", tags)
	return tags
}

// enumsFromConstUnions rewrites the description's enumerations, written as
// a oneOf of titled constants, as the equivalent enum, which stops at the
// first match.
func enumsFromConstUnions(node any) {
	switch n := node.(type) {
	case []any:
		for _, v := range n {
			enumsFromConstUnions(v)
		}
	case map[string]any:
		if values, ok := constValues(n["oneOf"]); ok {
			delete(n, "oneOf")
			n["enum"] = values
		}
		for _, v := range n {
			enumsFromConstUnions(v)
		}
	}
}

// constValues returns the constants of a oneOf whose branches are nothing
// but distinct constants with a title or description.
func constValues(oneOf any) ([]any, bool) {
	branches, ok := oneOf.([]any)
	if !ok || len(branches) == 0 {
		return nil, false
	}
	var values []any
	for _, b := range branches {
		m, ok := b.(map[string]any)
		if !ok {
			return nil, false
		}
		for k := range m {
			if k != "const" && k != "title" && k != "description" {
				return nil, false
			}
		}
		v, ok := m["const"]
		if !ok || slices.ContainsFunc(values, func(w any) bool { return same(v, w) }) {
			return nil, false
		}
		values = append(values, v)
	}
	return values, true
}

// dropRedundantEnums removes, from a schema that lists its own enum, the
// allOf references to wider enumerations of the same type: the description
// types {"enum": [2], "allOf": [MessageComponentTypes]}, and the second
// check can only repeat the first.
func dropRedundantEnums(doc, node any) {
	switch n := node.(type) {
	case []any:
		for _, v := range n {
			dropRedundantEnums(doc, v)
		}
	case map[string]any:
		own, hasEnum := n["enum"].([]any)
		if all, ok := n["allOf"].([]any); ok && hasEnum {
			kept := slices.DeleteFunc(slices.Clone(all), func(b any) bool {
				wider, ok := resolveRef(doc, b)
				values, _ := wider["enum"].([]any)
				return ok && onlyEnum(wider) && same(wider["type"], n["type"]) && subset(own, values)
			})
			if len(kept) == 0 {
				delete(n, "allOf")
			} else {
				n["allOf"] = kept
			}
		}
		for _, v := range n {
			dropRedundantEnums(doc, v)
		}
	}
}

// dispatchTaggedUnions rewrites each union (oneOf or anyOf) of objects told
// apart by a required "type" field, and maybe null, into a chain of
// if/then/else on that field: the value is checked against the one branch
// its tag names. The chain ends in a schema that accepts only the known
// tags (and null, if a branch was null); tags maps the place of that check
// to the place of the union.
func dispatchTaggedUnions(doc, node any, at string, tags map[string]string) {
	switch n := node.(type) {
	case []any:
		for i, v := range n {
			dispatchTaggedUnions(doc, v, fmt.Sprintf("%s/%d", at, i), tags)
		}
	case map[string]any:
		for _, key := range []string{"oneOf", "anyOf"} {
			branches, ok := n[key].([]any)
			if !ok || n["if"] != nil {
				continue
			}
			if chain, tail, ok := dispatch(doc, branches); ok {
				delete(n, key)
				n["if"], n["then"], n["else"] = chain["if"], chain["then"], chain["else"]
				tags[at+tail] = at
				break
			}
		}
		for k, v := range n {
			dispatchTaggedUnions(doc, v, at+"/"+pointerEscaper.Replace(k), tags)
		}
	}
}

// dispatch builds the if/then/else chain for a tagged union and returns
// the place of its tag check, relative to the chain.
func dispatch(doc any, branches []any) (map[string]any, string, bool) {
	var tagged []any
	var tagSets [][]any
	var all []any
	nullable := false
	for _, b := range branches {
		m, ok := resolveRef(doc, b)
		if !ok {
			return nil, "", false
		}
		if len(m) == 1 && m["type"] == "null" && !nullable {
			nullable = true
			continue
		}
		props, _ := m["properties"].(map[string]any)
		tag, _ := props["type"].(map[string]any)
		values, _ := tag["enum"].([]any)
		required, _ := m["required"].([]any)
		if m["type"] != "object" || len(values) == 0 || !slices.Contains(required, any("type")) {
			return nil, "", false
		}
		for _, v := range values {
			if slices.ContainsFunc(all, func(w any) bool { return same(v, w) }) {
				return nil, "", false
			}
		}
		all = append(all, values...)
		tagged = append(tagged, b)
		tagSets = append(tagSets, values)
	}
	if len(tagged) < 2 {
		return nil, "", false
	}
	types := any("object")
	if nullable {
		types = []any{"object", "null"}
	}
	chain := map[string]any{
		"type":       types,
		"required":   []any{"type"},
		"properties": map[string]any{"type": map[string]any{"enum": all}},
	}
	tail := "/properties/type"
	for i := len(tagged) - 1; i >= 0; i-- {
		chain = map[string]any{
			"if": map[string]any{
				"type":       "object",
				"required":   []any{"type"},
				"properties": map[string]any{"type": map[string]any{"enum": tagSets[i]}},
			},
			"then": tagged[i],
			"else": chain,
		}
		tail = "/else" + tail
	}
	return chain, tail, true
}

// resolveRef follows a "#/components/schemas/..." reference; other schemas
// resolve to themselves.
func resolveRef(doc, schema any) (map[string]any, bool) {
	m, ok := schema.(map[string]any)
	if !ok {
		return nil, false
	}
	ref, ok := m["$ref"].(string)
	if !ok {
		return m, true
	}
	name, ok := strings.CutPrefix(ref, "#/components/schemas/")
	if !ok || len(m) != 1 {
		return nil, false
	}
	schemas, _ := doc.(map[string]any)["components"].(map[string]any)["schemas"].(map[string]any)
	target, ok := schemas[name].(map[string]any)
	return target, ok
}

// onlyEnum reports whether a schema says nothing but its type and values.
func onlyEnum(m map[string]any) bool {
	for k := range m {
		switch k {
		case "type", "enum", "format", "title", "description":
		default:
			return false
		}
	}
	return true
}

func subset(small, large []any) bool {
	for _, v := range small {
		if !slices.ContainsFunc(large, func(w any) bool { return same(v, w) }) {
			return false
		}
	}
	return len(small) > 0
}

// same compares two constants of the description as the validator would
// for the integers and strings it holds.
func same(a, b any) bool { return fmt.Sprintf("%T %v", a, a) == fmt.Sprintf("%T %v", b, b) }
