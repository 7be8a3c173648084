package discordtest

import (
	"bytes"
	_ "embed" // Discord's OpenAPI description
	"encoding/json"
	"fmt"
	"math/big"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	textmsg "golang.org/x/text/message"
)

// openapiJSON is Discord's OpenAPI 3.1 description of API v10, from
// github.com/discord/discord-api-spec (specs/openapi.json at commit
// 74fda0f, MIT licence in testdata/LICENSE). Request bodies are checked
// against it before the fake's own rules run.
//
//go:embed testdata/openapi.json
var openapiJSON []byte

// specURL names the embedded description inside the schema compiler.
const specURL = "https://discord.com/api/v10/openapi.json"

// specException is a place where Discord accepts what its description
// refuses. Each one replaces a schema of the description before anything
// is compiled; keep the list short and every entry sourced.
type specException struct {
	at     string // JSON pointer into the description
	schema any
}

// permissions is a permission bit set as Discord's documentation types it,
// a string holding a decimal integer, or as the description does.
func permissions() any {
	return map[string]any{
		"type":    []any{"string", "integer", "null"},
		"pattern": `^(0|[1-9][0-9]*)$`,
		"minimum": json.Number("0"),
		"maximum": json.Number("18014398509481983"),
	}
}

// attachmentID is the id of an "attachments" entry: an attachment's
// snowflake, or the n of a files[n] upload of the same request, which
// Discord's "Uploading Files" documentation writes as an integer.
func attachmentID() any {
	return map[string]any{
		"anyOf": []any{
			map[string]any{"$ref": "#/components/schemas/SnowflakeType"},
			map[string]any{"type": "integer", "minimum": json.Number("0")},
		},
	}
}

var specExceptions = []specException{
	// The description types default_member_permissions as an integer, but
	// Discord's application command documentation makes it "?string", a
	// bit set serialised as a string, and discordgo sends it that way.
	{"/components/schemas/ApplicationCommandCreateRequest/properties/default_member_permissions", permissions()},
	{"/components/schemas/ApplicationCommandUpdateRequest/properties/default_member_permissions", permissions()},
	// The description allows only snowflake strings, but the documented
	// example of an upload lists it as {"id": 0, "filename": ...}.
	{"/components/schemas/MessageAttachmentRequest/properties/id", attachmentID()},
}

// spec holds the description's compiler. Compiling is lazy, per route, and
// done once per test binary; compiled schemas are safe for concurrent use.
var spec struct {
	mu       sync.Mutex
	compiler *jsonschema.Compiler
	err      error
	// unionTags maps the schemas that refuse an unknown "type" of a tagged
	// union's value to the union, by their places in the description.
	unionTags map[string]string
}

// specCompiler loads the description on first use. Callers hold spec.mu.
func specCompiler() (*jsonschema.Compiler, error) {
	if spec.compiler != nil || spec.err != nil {
		return spec.compiler, spec.err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(openapiJSON))
	if err != nil {
		spec.err = fmt.Errorf("discordtest: reading the OpenAPI description: %w", err)
		return nil, spec.err
	}
	for _, e := range specExceptions {
		if err := replaceAt(doc, e.at, e.schema); err != nil {
			spec.err = err
			return nil, err
		}
	}
	spec.unionTags = speedUp(doc)
	c := jsonschema.NewCompiler()
	if err := c.AddResource(specURL, doc); err != nil {
		spec.err = fmt.Errorf("discordtest: loading the OpenAPI description: %w", err)
		return nil, spec.err
	}
	spec.compiler = c
	return c, nil
}

// replaceAt replaces the value a JSON pointer names in a decoded document.
func replaceAt(doc any, pointer string, v any) error {
	tokens := strings.Split(strings.TrimPrefix(pointer, "/"), "/")
	node := doc
	for i, tok := range tokens {
		obj, ok := node.(map[string]any)
		if !ok {
			break
		}
		if _, ok := obj[tok]; !ok {
			break
		}
		if i == len(tokens)-1 {
			obj[tok] = v
			return nil
		}
		node = obj[tok]
	}
	return fmt.Errorf("discordtest: the OpenAPI description has nothing at %s", pointer)
}

// pointerEscaper escapes a JSON pointer token.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// bodySchema compiles the JSON request-body schema of a path and method of
// the description.
func bodySchema(method, path string) (*jsonschema.Schema, error) {
	spec.mu.Lock()
	defer spec.mu.Unlock()
	c, err := specCompiler()
	if err != nil {
		return nil, err
	}
	tokens := []string{"paths", path, strings.ToLower(method), "requestBody", "content", "application/json", "schema"}
	for i, t := range tokens {
		tokens[i] = url.PathEscape(pointerEscaper.Replace(t))
	}
	sch, err := c.Compile(specURL + "#/" + strings.Join(tokens, "/"))
	if err != nil {
		return nil, fmt.Errorf("discordtest: no JSON request body for %s %s in the OpenAPI description: %w", method, path, err)
	}
	return sch, nil
}

// checkBody validates a JSON payload against a route's request-body
// schema. An empty payload counts as {}, as the fake's parsers read it.
func checkBody(sch *jsonschema.Schema, payload []byte) error {
	if len(bytes.TrimSpace(payload)) == 0 {
		payload = []byte("{}")
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(payload))
	if err != nil {
		return errInvalidJSON()
	}
	err = sch.Validate(v)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err
	}
	var fe formErrors
	for _, is := range issues(ve) {
		code, msg := describe(is)
		fe.add(strings.Join(is.at, "."), code, msg+" [openapi: "+is.place+"]")
	}
	return fe.err()
}

// issue is one reason a payload does not fit the description.
type issue struct {
	at      []string // the failing value's JSON path
	kind    jsonschema.ErrorKind
	place   string // the schema it breaks, as a path in the description
	choices []any  // the tags of a union none of whose branches the value names
}

// issues flattens a validation error into the failures a bot author must
// fix. Where the description offers alternatives that speedUp could not
// turn into a dispatch on "type", the payload is judged against the
// alternative it got furthest into.
func issues(e *jsonschema.ValidationError) []issue {
	switch k := e.ErrorKind.(type) {
	case *kind.OneOf:
		if len(k.Subschemas) > 1 {
			return []issue{leaf(e)}
		}
		return unionIssues(e)
	case *kind.AnyOf:
		return unionIssues(e)
	case *kind.Required:
		var out []issue
		for _, name := range k.Missing {
			is := leaf(e)
			is.at = append(slices.Clip(e.InstanceLocation), name)
			if union, ok := spec.unionTags[fragment(e.SchemaURL)+"/properties/type"]; ok {
				is.place = shortPlace(union) // an object of a union without its "type"
			}
			out = append(out, is)
		}
		return out
	case *kind.Enum:
		if union, ok := spec.unionTags[fragment(e.SchemaURL)]; ok {
			// Discord reports an unknown tag on the union's value itself.
			at := e.InstanceLocation[:len(e.InstanceLocation)-1]
			return []issue{{at: at, kind: &kind.OneOf{}, place: shortPlace(union), choices: k.Want}}
		}
	}
	if len(e.Causes) == 0 {
		return []issue{leaf(e)}
	}
	var out []issue
	for _, c := range e.Causes {
		out = append(out, issues(c)...)
	}
	return out
}

// leaf is the issue an error without causes stands for.
func leaf(e *jsonschema.ValidationError) issue {
	place := shortPlace(fragment(e.SchemaURL))
	if kw := e.ErrorKind.KeywordPath(); len(kw) > 0 {
		place += "/" + strings.Join(kw, "/")
	}
	return issue{at: e.InstanceLocation, kind: e.ErrorKind, place: place}
}

// unionIssues picks the branch of a failed oneOf or anyOf the payload got
// furthest into, passing over a null branch the value is not.
func unionIssues(e *jsonschema.ValidationError) []issue {
	var best []issue
	depth := -1
	for _, c := range e.Causes {
		branch := issues(c)
		if notNull(branch, e.InstanceLocation) {
			continue // the value is not null: the other branches say what is wrong with it
		}
		d := 0
		for _, is := range branch {
			d = max(d, len(is.at))
		}
		if d > depth {
			best, depth = branch, d
		}
	}
	if best == nil {
		return []issue{leaf(e)}
	}
	return best
}

// notNull reports whether a union branch is {"type": "null"} refusing a
// value that is not null.
func notNull(branch []issue, at []string) bool {
	if len(branch) != 1 || !slices.Equal(branch[0].at, at) {
		return false
	}
	k, ok := branch[0].kind.(*kind.Type)
	return ok && slices.Equal(k.Want, []string{"null"})
}

// describe gives an issue the code and message Discord uses for it, where
// there is one.
func describe(is issue) (code, msg string) {
	switch k := is.kind.(type) {
	case *kind.Required:
		return "BASE_TYPE_REQUIRED", "This field is required"
	case *kind.MinLength:
		return "BASE_TYPE_MIN_LENGTH", fmt.Sprintf("Must be %d or more in length.", k.Want)
	case *kind.MaxLength:
		return "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", k.Want)
	case *kind.MinItems:
		return "BASE_TYPE_MIN_LENGTH", fmt.Sprintf("Must be %d or more in length.", k.Want)
	case *kind.MaxItems:
		return "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", k.Want)
	case *kind.Minimum:
		return "NUMBER_TYPE_MIN", fmt.Sprintf("Value should be greater than or equal to %s.", ratString(k.Want))
	case *kind.Maximum:
		return "NUMBER_TYPE_MAX", fmt.Sprintf("Value should be less than or equal to %s.", ratString(k.Want))
	case *kind.Enum:
		return "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of %s.", choiceList(k.Want))
	case *kind.Const:
		return "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of %s.", choiceList([]any{k.Want}))
	case *kind.Pattern:
		return "STRING_TYPE_REGEX", fmt.Sprintf("String value did not match validation regex %s.", k.Want)
	case *kind.Type:
		return typeCode(k), fmt.Sprintf("Could not interpret the value as %s (got %s).", strings.Join(k.Want, " or "), k.Got)
	case *kind.OneOf, *kind.AnyOf:
		if len(is.choices) > 0 {
			return "UNION_TYPE_CHOICES", fmt.Sprintf("Value of field \"type\" must be one of %s.", choiceList(is.choices))
		}
	}
	return "INVALID_FORM_BODY", capitalize(is.kind.LocalizedString(textmsg.NewPrinter(language.English)))
}

func typeCode(k *kind.Type) string {
	for _, w := range k.Want {
		switch w {
		case "object":
			return "DICT_TYPE_CONVERT"
		case "array":
			return "LIST_TYPE_CONVERT"
		case "integer", "number":
			return "NUMBER_TYPE_COERCE"
		case "boolean":
			return "BASE_TYPE_BOOLEAN"
		case "string":
			return "BASE_TYPE_STRING"
		}
	}
	return "BASE_TYPE_CONVERT"
}

// choiceList writes values as Discord lists choices, numbers in order.
func choiceList(values []any) string {
	var parts []string
	for _, v := range values {
		b, _ := json.Marshal(v)
		if !slices.Contains(parts, string(b)) {
			parts = append(parts, string(b))
		}
	}
	slices.SortFunc(parts, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return "(" + strings.Join(parts, ", ") + ")"
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(3)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// shortPlace shortens a place in the description for a reader to look up,
// such as "MessageAttachmentRequest/properties/filename".
func shortPlace(pointer string) string {
	return strings.TrimPrefix(pointer, "/components/schemas/")
}

// fragment is the JSON pointer of a schema location.
func fragment(u string) string {
	_, frag, _ := strings.Cut(u, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		return f
	}
	return frag
}
