package main

import (
	"encoding/json"

	"github.com/spf13/cobra"

	"rummikub/internal/game"
)

// rulesFlags are the --rules and --option flags shared by every command
// that takes rules.
type rulesFlags struct {
	preset  string
	options []string
}

func (f *rulesFlags) add(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.preset, "rules", "", "rule preset: standard, pressman, forty, wrap, six, river, french")
	cmd.Flags().StringArrayVar(&f.options, "option", nil, "rule option name=value (repeatable), e.g. --option wrap=true")
}

// resolve builds the rules: the JSON input's preset and options first, then
// the flags on top. A bad name or value is bad input (exit 2).
func (f *rulesFlags) resolve(jsonPreset string, jsonOptions map[string]json.RawMessage) (game.Rules, error) {
	preset := jsonPreset
	if f.preset != "" {
		preset = f.preset
	}
	r, err := game.Preset(preset)
	if err != nil {
		return r, badInput("%v", err)
	}
	if err := r.SetJSON(jsonOptions); err != nil {
		return r, badInput("%v", err)
	}
	for _, o := range f.options {
		if err := r.SetAssignment(o); err != nil {
			return r, badInput("%v", err)
		}
	}
	if err := r.Validate(); err != nil {
		return r, badInput("%v", err)
	}
	return r, nil
}
