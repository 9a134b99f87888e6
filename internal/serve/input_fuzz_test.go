package serve

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// printableLine reports whether s is one line of printable text.
func printableLine(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && r != ' ' {
			return false
		}
	}
	return true
}

func FuzzParseName(f *testing.F) {
	for _, s := range []string{"Ana", "  Ben  Lee ", "cpu easy", "1ana", "Zoë", "\x1b[31mred", "averyveryverylongname", "a\nb", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, err := ParseName(s)
		if err != nil {
			if name != "" || err.Error() == "" {
				t.Fatalf("a refused name gives no name and says why: %q %v", name, err)
			}
			return
		}
		if name == "" || utf8.RuneCountInString(name) > MaxName || !printableLine(name) {
			t.Fatalf("accepted %q as %q", s, name)
		}
		if strings.HasPrefix(strings.ToLower(name), "cpu") {
			t.Fatalf("a computer's name accepted: %q", name)
		}
		if again, err := ParseName(name); err != nil || again != name {
			t.Fatalf("a name reads back as itself: %q → %q %v", name, again, err)
		}
	})
}

func FuzzChatLine(f *testing.F) {
	for _, s := range []string{"hello", "gg  wp", "\x1b]52;c;aGVsbG8=\x07", "\r\n\t", strings.Repeat("ab ", 100), "\xff\xfe", "日本語"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		line := ChatLine(s)
		if utf8.RuneCountInString(line) > MaxChat || !printableLine(line) {
			t.Fatalf("chat %q kept as %q", s, line)
		}
		if strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") || strings.Contains(line, "  ") {
			t.Fatalf("spaces are folded: %q", line)
		}
		if ChatLine(line) != line {
			t.Fatalf("a clean line stays as it is: %q", line)
		}
		tn := ParseTableName(s, "default")
		if tn == "" || utf8.RuneCountInString(tn) > MaxTableName || !printableLine(tn) {
			t.Fatalf("table name %q kept as %q", s, tn)
		}
	})
}

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"abc234", "ABC234", " abc234 ", "abc10", "cat /etc/passwd", "", "ab\x00cd", "abcdefghijk"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code, err := ParseCode(s)
		if err != nil {
			if code != "" {
				t.Fatalf("a refused code gives none: %q", code)
			}
			return
		}
		if len(code) != codeLen || strings.Trim(code, codeAlphabet) != "" {
			t.Fatalf("accepted %q as %q", s, code)
		}
	})
	for i := 0; i < 100; i++ {
		if _, err := ParseCode(newCode()); err != nil {
			f.Fatalf("a new code reads: %v", err)
		}
	}
}
