package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"
)

// jsonInput describes the JSON a command reads (check's turn, solve's
// position), so that reading it and explaining what is wrong with it work
// the same way for every command: strictly, with one sentence per problem.
type jsonInput struct {
	what   string            // what one input is: "turn", "position"
	fields map[string]string // each field and what it must hold
	order  []string          // the fields in the order to list them
	limit  int               // the most bytes read
	empty  string            // the sentence's end when nothing was given
}

// fieldList is "a, b and c".
func (in *jsonInput) fieldList() string {
	return strings.Join(in.order[:len(in.order)-1], ", ") + " and " + in.order[len(in.order)-1]
}

// stdinIsTerminal reports whether r is a terminal (a person at the
// keyboard rather than a pipe or a file); tests replace it.
var stdinIsTerminal = func(r io.Reader) bool {
	f, ok := r.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(f.Fd())
}

// read reads the whole input from --file or stdin. Read from a terminal,
// it first says on stderr what to type and how to end.
func (in *jsonInput) read(cmd *cobra.Command, file string) ([]byte, error) {
	var r io.Reader = cmd.InOrStdin()
	where := "stdin"
	if file == "" && stdinIsTerminal(r) {
		fmt.Fprintf(cmd.ErrOrStderr(), "Reading the %s as JSON from the terminal: %s. End with Ctrl-D (Ctrl-C leaves); %q shows examples.\n",
			in.what, in.empty, cmd.CommandPath()+" --help")
	}
	if file != "" {
		fh, err := os.Open(file)
		if err != nil {
			return nil, badInput("cannot read the %s: %v", in.what, err)
		}
		defer fh.Close()
		r, where = fh, file
	}
	data, err := io.ReadAll(bufio.NewReader(io.LimitReader(r, int64(in.limit)+1)))
	if err != nil {
		return nil, badInput("cannot read the %s from %s: %v", in.what, where, err)
	}
	if len(data) > in.limit {
		return nil, badInput("the input on %s is larger than %d MB", where, in.limit>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, badInput("no %s on %s: %s", in.what, where, in.empty)
	}
	return data, nil
}

// decode decodes one JSON object into v strictly: unknown fields, wrong
// types and trailing data are errors, each one sentence.
func (in *jsonInput) decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return in.explain(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("the input holds more than one JSON value; give one object")
	}
	return nil
}

// explain turns a decoding error into one sentence.
func (in *jsonInput) explain(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("the input is not valid JSON: %v (at byte %d)", syn, syn.Offset)
	case errors.As(err, &typ):
		field, _, _ := strings.Cut(typ.Field, ".")
		if want, ok := in.fields[field]; ok {
			return fmt.Errorf("the input's %q must be %s", field, want)
		}
		return fmt.Errorf("the input must be a JSON object with %s", in.fieldList())
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("the input ends in the middle of its JSON")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		return fmt.Errorf("the input has an unknown field %s; the fields are %s", name, in.fieldList())
	}
	return fmt.Errorf("the input is not a %s: %v", in.what, err)
}

// Field descriptions shared by check and solve.
const (
	fieldRules   = "a preset name such as \"standard\""
	fieldOptions = "an object of rule options, such as {\"wrap\": true}"
	fieldOpened  = "true or false"
	fieldTable   = "an array of sets, each an array of tiles, such as [[\"R3\",\"R4\",\"R5\"]]"
	fieldRack    = "an array of tiles, such as [\"R2\",\"B5\"]"
)
