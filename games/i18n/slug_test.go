package i18n

import "testing"

func TestSlug(t *testing.T) {
	for english, want := range map[string]string{
		"Opening a corner café":         "opening_a_corner_cafe",
		"Grandma's kitchen table":       "grandma_s_kitchen_table",
		"Are we there yet?":             "are_we_there_yet",
		"  Über-große Straße, 2. Akt! ": "uber_grosse_strasse_2_akt",
		"Niño en el jardín":             "nino_en_el_jardin",
		"ÀÉÎÓÜ Ç":                       "aeiou_c",
		"Kid's birthday party":          "kid_s_birthday_party",
		"Fly-in fly-out work":           "fly_in_fly_out_work",
		" Straße über Ñandú!":           "strasse_uber_nandu",
		"A first word":                  "a_first_word",
		"A father's funeral":            "a_father_s_funeral",
		"  Über Straße -- 2 ":           "uber_strasse_2",
		"Señor Ça?":                     "senor_ca",
	} {
		if got := Slug(english); got != want {
			t.Errorf("Slug(%q) = %q, want %q", english, got, want)
		}
	}
}
