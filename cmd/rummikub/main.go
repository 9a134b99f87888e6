// Command rummikub is a terminal Rummikub: hot-seat and computer opponents,
// an exact solver, a rules checker, bulk self-play and a score keeper.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// exitError carries an exit code and, when msg is not empty, the one
// sentence to print on stderr.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// badInput is an error for input the program cannot use: exit 2.
func badInput(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

// judgedNo is a judged "no" (an invalid move, no play): exit 1, and the
// command has already said why on stdout.
var judgedNo = &exitError{code: 1}

// run executes the command line and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	strictCompletion(root)
	err := root.Execute()
	if err == nil {
		return 0
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(stderr, "rummikub: "+ee.msg)
		}
		return ee.code
	}
	// cobra's own errors (unknown flag, bad argument) are usage errors.
	fmt.Fprintln(stderr, "rummikub: "+err.Error())
	return 2
}
