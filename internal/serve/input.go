package serve

import (
	"crypto/rand"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of what a client may type.
const (
	MaxName = 12  // letters of a player's or table's short name
	MaxChat = 120 // letters of one chat line
	// MaxTableName is the letters of a table's name.
	MaxTableName = 24
	codeLen      = 6
	chatKept     = 20 // chat lines a table keeps
)

// codeAlphabet is the letters of a table's code: no 0/o, 1/l/i.
const codeAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// newCode is a new random table code.
func newCode() string {
	b := make([]byte, codeLen)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// ParseCode reads a table code as a client typed it (the command of
// `ssh host CODE`): the code, or a sentence saying what is wrong.
func ParseCode(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "", fmt.Errorf("give the code of a table, as in: ssh -t host abc234")
	}
	if len(s) != codeLen || !utf8.ValidString(s) {
		return "", fmt.Errorf("a table's code is %d letters and digits, like abc234; this server serves only the game", codeLen)
	}
	for _, r := range s {
		if !strings.ContainsRune(codeAlphabet, r) {
			return "", fmt.Errorf("a table's code is %d letters and digits, like abc234; this server serves only the game", codeLen)
		}
	}
	return s, nil
}

// ParseName reads a player's short name: 1 to MaxName letters, digits,
// spaces, - or _, starting with a letter; "cpu" names are the computers'.
func ParseName(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "", fmt.Errorf("type a name of 1 to %d letters", MaxName)
	}
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxName {
		return "", fmt.Errorf("a name has at most %d letters", MaxName)
	}
	for i, r := range s {
		ok := unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || r == ' ' || r == '-' || r == '_'))
		if !ok {
			return "", fmt.Errorf("a name starts with a letter and has only letters, digits, spaces, - and _")
		}
	}
	if strings.HasPrefix(strings.ToLower(s), "cpu") {
		return "", fmt.Errorf("names starting with cpu are the computer players'; choose another")
	}
	return s, nil
}

// ParseTableName reads a table's name: printable, at most MaxTableName
// letters; empty gives the default.
func ParseTableName(s, def string) string {
	s = cleanLine(s, MaxTableName)
	if s == "" {
		return def
	}
	return s
}

// cleanLine keeps one line of printable text of at most max letters: no
// control characters, no escape sequences, spaces folded.
func cleanLine(s string, max int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = n > 0
			continue
		}
		if !unicode.IsPrint(r) {
			continue
		}
		if space {
			if n+1 >= max {
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		if n >= max {
			break
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// ChatLine cleans one chat message; empty when nothing is left to say.
func ChatLine(s string) string { return cleanLine(s, MaxChat) }
