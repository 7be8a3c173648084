package postgres

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestSchemaStepsAreNumberedInOrder(t *testing.T) {
	all, err := steps(schemaFiles)
	if err != nil || len(all) == 0 {
		t.Fatalf("the embedded schema: %d steps, %v", len(all), err)
	}
	gap := fstest.MapFS{
		"schema/0001_games.sql": {Data: []byte("CREATE TABLE a ();")},
		"schema/0003_more.sql":  {Data: []byte("CREATE TABLE b ();")},
	}
	if _, err := steps(gap); err == nil || !strings.Contains(err.Error(), "0003_more.sql is out of sequence: the next one must be numbered 2") {
		t.Fatalf("steps with a gap = %v, want an error naming the file and the number due", err)
	}
}
