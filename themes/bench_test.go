package themes

import "testing"

func BenchmarkParseClassic(b *testing.B) {
	data, _ := builtinFS.ReadFile("classic.toml")
	for i := 0; i < b.N; i++ {
		if _, err := Parse("classic", "classic.toml", data, nil); err != nil {
			b.Fatal(err)
		}
	}
}
