package postgres

import (
	"net/url"
	"regexp"
	"strings"
)

// hidden stands in for a password wherever a connection string is shown.
const hidden = "xxxxx"

var (
	// keywordPassword is the password of a keyword/value connection
	// string, quoted or not.
	keywordPassword = regexp.MustCompile(`password\s*=\s*('(?:[^'\\]|\\.)*'|[^\s]*)`)
	// userinfoPassword is the password of a URL, as written, even one
	// that does not parse.
	userinfoPassword = regexp.MustCompile(`(://[^:/@]*:)([^@]*)@`)
	// queryPassword is the password parameter of a URL, as written.
	queryPassword = regexp.MustCompile(`[?&]password=([^&#]*)`)
)

// Redact returns a connection string as it may be shown in an error or a
// log line: a URL (postgres://user:password@host/db?password=...) or a
// keyword/value string (host=db password=...), with every password in it
// replaced by xxxxx.
func Redact(conn string) string {
	if u, ok := parseURL(conn); ok {
		q := u.Query()
		if q.Has("password") {
			q.Set("password", hidden)
			u.RawQuery = q.Encode()
		}
		return u.Redacted()
	}
	conn = keywordPassword.ReplaceAllString(conn, "password="+hidden)
	return userinfoPassword.ReplaceAllString(conn, "${1}"+hidden+"@")
}

// scrub removes from msg every password that conn holds, however it got
// there: the driver's messages may quote the connection string.
func scrub(msg, conn string) string {
	msg = strings.ReplaceAll(msg, conn, Redact(conn))
	for _, pw := range passwords(conn) {
		if pw != "" {
			msg = strings.ReplaceAll(msg, pw, hidden)
		}
	}
	return msg
}

// passwords lists the passwords in conn, both as written and decoded.
func passwords(conn string) []string {
	var pws []string
	if u, ok := parseURL(conn); ok {
		if pw, set := u.User.Password(); set {
			pws = append(pws, pw)
		}
		pws = append(pws, u.Query()["password"]...)
		for _, m := range queryPassword.FindAllStringSubmatch(conn, -1) {
			pws = append(pws, m[1])
		}
	} else {
		for _, m := range keywordPassword.FindAllStringSubmatch(conn, -1) {
			pws = append(pws, m[1], strings.Trim(m[1], "'"))
		}
	}
	for _, m := range userinfoPassword.FindAllStringSubmatch(conn, -1) {
		pws = append(pws, m[2])
	}
	return pws
}

func parseURL(conn string) (*url.URL, bool) {
	u, err := url.Parse(conn)
	return u, err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql")
}
