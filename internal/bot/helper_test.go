package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/bot/protocol"
)

// The test binary doubles as the bots of the tests: run with the
// arguments "bot-helper MODE" it is a bot that behaves as MODE says
// (see helperBot) instead of running the tests.
func TestMain(m *testing.M) {
	if len(os.Args) >= 3 && os.Args[1] == "bot-helper" {
		helperBot(os.Args[2])
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// helperArgv is the command of a helper bot.
func helperArgv(mode string) []string {
	return []string{os.Args[0], "bot-helper", mode}
}

// helperBot is a scripted bot:
//
//	serve:LEVEL:THINK  one of our levels, through protocol.Serve
//	garbage            ready, then a line that is not JSON for every turn
//	illegal            ready, then a play of a set that is not valid
//	late               ready, then never an answer (it reads on)
//	crash              ready, a draw for the first turn, an exit at the second
//	huge               ready, a 1.5 MiB line for each of the first 3 turns, then draws
//	silent             never a ready
//	stale              ready, then answers with the wrong id
//	spawn:FILE         starts a child (sleep 300) of its own, writes its pid to FILE, then as a plain bot
//	daemon:FILE        as spawn, but the child has a session of its own and holds the bot's stderr
//	chatty             writes 3 MiB to stderr before its ready, then as a plain bot
//	restart:FILE       first process (FILE absent): a draw, then creates FILE and exits at its second turn;
//	                   a later one sleeps 3 s before its ready, then as a plain bot
func helperBot(mode string) {
	if level, rest, ok := strings.Cut(strings.TrimPrefix(mode, "serve:"), ":"); ok && strings.HasPrefix(mode, "serve:") {
		think, err := time.ParseDuration(rest)
		if err != nil {
			panic(err)
		}
		err = protocol.Serve(context.Background(), os.Stdin, os.Stdout, os.Stderr, "helper "+level, func(seed uint64) (protocol.Player, error) {
			return ai.NewWithOptions(level, seed, ai.Options{Think: think})
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		return
	}
	kind, arg, _ := strings.Cut(mode, ":")
	again := false
	switch kind {
	case "spawn", "daemon":
		child := exec.Command("sleep", "300")
		if kind == "daemon" {
			child = exec.Command("setsid", "sleep", "300")
			child.Stderr = os.Stderr
		}
		if err := child.Start(); err != nil {
			panic(err)
		}
		if err := os.WriteFile(arg, []byte(strconv.Itoa(child.Process.Pid)), 0o644); err != nil {
			panic(err)
		}
	case "chatty":
		line := strings.Repeat("x", 1023) + "\n"
		for i := 0; i < 3<<10; i++ {
			os.Stderr.WriteString(line)
		}
	case "restart":
		if _, err := os.Stat(arg); err == nil {
			again = true
			time.Sleep(3 * time.Second)
		}
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, protocol.MaxLine), protocol.MaxLine)
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) {
		out.WriteString(s + "\n")
		out.Flush()
	}
	turns := 0
	for in.Scan() {
		var msg struct {
			Type string `json:"type"`
			ID   int    `json:"id"`
			Pool int    `json:"pool"`
		}
		if json.Unmarshal(in.Bytes(), &msg) != nil {
			continue
		}
		if msg.Type == protocol.TypeHello {
			if mode != "silent" {
				say(`{"type":"ready","name":"helper ` + mode + `"}`)
			}
			continue
		}
		if msg.Type != protocol.TypeTurn {
			continue
		}
		turns++
		plain := fmt.Sprintf(`{"type":"draw","id":%d}`, msg.ID)
		if msg.Pool == 0 {
			plain = fmt.Sprintf(`{"type":"pass","id":%d}`, msg.ID)
		}
		switch kind {
		case "garbage":
			say("this is not { json")
		case "illegal":
			say(fmt.Sprintf(`{"type":"play","id":%d,"table":[["R1","B2"]]}`, msg.ID))
		case "late":
		case "crash":
			if turns >= 2 {
				fmt.Fprintln(os.Stderr, "helper crash: exiting mid-game")
				os.Exit(3)
			}
			say(plain)
		case "huge":
			if turns <= 3 {
				say(`{"type":"draw","id":` + strings.Repeat("1", 3<<19) + `}`)
			} else {
				say(plain)
			}
		case "restart":
			if !again && turns >= 2 {
				if err := os.WriteFile(arg, nil, 0o644); err != nil {
					panic(err)
				}
				os.Exit(3)
			}
			say(plain)
		case "stale":
			say(fmt.Sprintf(`{"type":"draw","id":%d}`, msg.ID+1000))
		default:
			say(plain)
		}
	}
}
