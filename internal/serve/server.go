package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/bubbletea"
	"charm.land/wish/v2/logging"
	"charm.land/wish/v2/ratelimiter"
	"github.com/charmbracelet/keygen"
	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/time/rate"

	"rummikub/internal/host"
	"rummikub/internal/tui"
)

// Options are what a server is made with.
type Options struct {
	// DataDir keeps the host key (unless HostKey says otherwise), the
	// players' names and the tables.
	DataDir string
	HostKey string // the host key's file; made (mode 0600) on first start
	// AllowKeys is an authorized_keys file: only its keys may enter.
	// Empty: every key may.
	AllowKeys string
	// Bots are the bot programs a table's creator may seat, by name.
	Bots []Bot
	// NewComputer makes a computer player of a level (or of a bot's
	// cmd:COMMAND) for a seat.
	NewComputer func(level string, seat int, seed uint64) (host.Computer, error)
	// CPU is the pool of workers every table's computer turns think on;
	// nil: each thinks at once.
	CPU *host.CPUPool
	// Hints finds hints (tables offer none unless the rules allow them).
	Hints tui.Hinter
	// ComputerPause keeps a computer's move on view; a key skips it.
	ComputerPause time.Duration
	Log           *log.Logger
	// Limits: sessions in all and per key, connections per second and
	// burst per address, and the time a session may sit without a key.
	MaxSessions int
	MaxPerKey   int
	Rate        float64
	Burst       int
	IdleTimeout time.Duration
	// HandshakeTimeout is the time a connection has to authenticate and
	// open its session; MaxPending caps the connections at that stage.
	HandshakeTimeout time.Duration
	MaxPending       int
	// MaxWaiting caps the tables one key has waiting for players;
	// WaitingExpiry closes a waiting table no player has sat down at for
	// that long.
	MaxWaiting    int
	WaitingExpiry time.Duration
	// BotTables is the number of rated bot matches the server keeps
	// playing on its own (the arena); 0: none.
	BotTables int
	// BotLog receives the referee's notes about bots over SSH.
	BotLog io.Writer
	// BotStartup is how long a bot over SSH has to answer the hello, and
	// a seat waits for its bot's connection when it has none (0: 10 s).
	BotStartup time.Duration
}

// The limits' defaults.
const (
	DefaultMaxSessions      = 200
	DefaultMaxPerKey        = 4
	DefaultRate             = 2
	DefaultBurst            = 20
	DefaultIdleTimeout      = 30 * time.Minute
	DefaultHandshakeTimeout = 10 * time.Second
	DefaultMaxPending       = 64
	DefaultMaxWaiting       = 3
	DefaultWaitingExpiry    = time.Hour
)

// Bot is a bot program the server offers as a seat: its name, and the
// command that runs it (the bot protocol, docs/protocol.md).
type Bot struct {
	Name    string
	Command string
}

// bot finds an offered bot by name.
func (s *Server) bot(name string) (Bot, bool) {
	for _, b := range s.opt.Bots {
		if b.Name == name {
			return b, true
		}
	}
	return Bot{}, false
}

func (o *Options) defaults() {
	if o.HostKey == "" {
		o.HostKey = filepath.Join(o.DataDir, "host_ed25519")
	}
	setDefault(&o.MaxSessions, DefaultMaxSessions)
	setDefault(&o.MaxPerKey, DefaultMaxPerKey)
	setDefault(&o.Rate, DefaultRate)
	setDefault(&o.Burst, DefaultBurst)
	setDefault(&o.IdleTimeout, DefaultIdleTimeout)
	setDefault(&o.HandshakeTimeout, DefaultHandshakeTimeout)
	setDefault(&o.MaxPending, DefaultMaxPending)
	setDefault(&o.MaxWaiting, DefaultMaxWaiting)
	setDefault(&o.WaitingExpiry, DefaultWaitingExpiry)
	if o.Log == nil {
		o.Log = log.NewWithOptions(os.Stderr, log.Options{ReportTimestamp: true, Prefix: "serve"})
	}
}

func setDefault[T int | float64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Server is the SSH server of the tables.
type Server struct {
	opt       Options
	styles    styleBook // the styles the sessions share
	log       *log.Logger
	ssh       *ssh.Server
	store     *host.Store
	tablesDir string
	allowed   []gossh.PublicKey // nil: every key
	guard     *connGuard
	stopSweep chan struct{}
	sweepOnce sync.Once

	mu       sync.Mutex
	tables   map[string]*Table
	players  *players
	sessions map[*session]bool
	perKey   map[string]int
	closing  bool
	change   chan struct{}
	live     sync.WaitGroup // the sessions admitted and not yet released

	ladder *ladder  // the ratings of finished rated matches
	bots   *botPool // bots over SSH not at a table
}

// New makes the server: the host key (made on first start), the players'
// names, and every table saved in the data directory, restored.
func New(opt Options) (*Server, error) {
	opt.defaults()
	if opt.NewComputer == nil {
		return nil, errors.New("serve: no computer players")
	}
	base := filepath.Join(opt.DataDir, "serve")
	s := &Server{opt: opt, log: opt.Log, tables: map[string]*Table{}, sessions: map[*session]bool{},
		perKey: map[string]int{}, change: make(chan struct{}), tablesDir: filepath.Join(base, "tables")}
	if err := os.MkdirAll(s.tablesDir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the folder for tables: %w", err)
	}
	store, err := host.NewStore(filepath.Join(base, "matches"))
	if err != nil {
		return nil, err
	}
	s.store = store
	if s.players, err = loadPlayers(filepath.Join(base, "players.json")); err != nil {
		return nil, err
	}
	if s.ladder, err = openLadder(filepath.Join(base, "ladder.json"), s.log); err != nil {
		return nil, err
	}
	s.bots = newBotPool(s.bump)
	// A bot over SSH tells its name only in the ready of its first match
	// at a table; the ladder remembers it from its last one, so a bot that
	// played here before is offered, and seated, under its name.
	for key, name := range s.ladder.botNames() {
		s.bots.learnName(key, name)
	}
	if opt.AllowKeys != "" {
		if s.allowed, err = readAuthorizedKeys(opt.AllowKeys); err != nil {
			return nil, err
		}
	}
	if err := ensureHostKey(opt.HostKey); err != nil {
		return nil, err
	}
	limiter := ratelimiter.NewRateLimiter(rate.Limit(opt.Rate), opt.Burst, 1000)
	s.guard = &connGuard{timeout: opt.HandshakeTimeout, max: opt.MaxPending, log: s.log.Info}
	s.ssh, err = wish.NewServer(
		ssh.HostKeyFile(opt.HostKey),
		func(srv *ssh.Server) error {
			srv.ConnCallback = s.guard.accept
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": sessionChannel}
			return nil
		},
		wish.WithPublicKeyAuth(s.allowKey),
		wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
		wish.WithIdleTimeout(opt.IdleTimeout),
		wish.WithMiddleware(
			bubbletea.MiddlewareWithProgramHandler(s.programHandler),
			s.gate,
			ratelimiter.Middleware(limiter),
			logging.StructuredMiddlewareWithLogger(s.log, log.InfoLevel),
		),
	)
	if err != nil {
		return nil, err
	}
	if err := s.restore(); err != nil {
		return nil, err
	}
	s.stopSweep = make(chan struct{})
	go s.sweep()
	if opt.BotTables > 0 {
		go s.arena()
	}
	return s, nil
}

// ensureHostKey makes the host key on the first start, readable by the
// owner only, and keeps it after.
func ensureHostKey(path string) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("cannot read the host key: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("cannot make the host key's folder: %w", err)
	}
	if _, err := keygen.New(path, keygen.WithKeyType(keygen.Ed25519), keygen.WithWrite()); err != nil {
		return fmt.Errorf("cannot make the host key: %w", err)
	}
	return os.Chmod(path, 0o600)
}

// readAuthorizedKeys reads an authorized_keys file.
func readAuthorizedKeys(path string) ([]gossh.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read the allowed keys: %w", err)
	}
	var keys []gossh.PublicKey
	for len(data) > 0 {
		k, _, _, rest, err := gossh.ParseAuthorizedKey(data)
		if err != nil {
			break
		}
		keys = append(keys, k)
		data = rest
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s holds no SSH public key (the authorized_keys format: one key a line)", path)
	}
	return keys, nil
}

func (s *Server) allowKey(_ ssh.Context, key ssh.PublicKey) bool {
	if s.allowed == nil {
		return true
	}
	for _, k := range s.allowed {
		if ssh.KeysEqual(key, k) {
			return true
		}
	}
	return false
}

// Serve serves SSH sessions on l until Shutdown.
func (s *Server) Serve(l net.Listener) error {
	err := s.ssh.Serve(l)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// bump tells the lobby's sessions that something changed.
func (s *Server) bump() {
	s.mu.Lock()
	close(s.change)
	s.change = make(chan struct{})
	s.mu.Unlock()
}

func (s *Server) changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.change
}

// Shutdown tells every session the server is closing, closes them, and
// saves and closes every table.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	var progs []*tea.Program
	for ss := range s.sessions {
		if ss.prog != nil {
			progs = append(progs, ss.prog)
		}
	}
	tables := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	s.mu.Unlock()
	s.endSweep()
	for _, p := range progs {
		p.Send(closingMsg{})
	}
	var errs []error
	for _, t := range tables {
		if err := t.close(); err != nil {
			errs = append(errs, fmt.Errorf("table %s: %w", t.Code, err))
		}
	}
	s.bots.closeAll()
	// The sessions say goodbye and end; then the connections close.
	ended := make(chan struct{})
	go func() { s.live.Wait(); close(ended) }()
	select {
	case <-ended:
	case <-ctx.Done():
		s.log.Warn("sessions still open at the shutdown's end; closing them")
	}
	if err := s.ssh.Close(); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Close closes the listener and every connection at once, the tables
// unsaved beyond their last save (tests: a crash).
func (s *Server) Close() error {
	s.endSweep()
	return s.ssh.Close()
}

// table is the table with a code, or nil.
func (s *Server) table(code string) *Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tables[code]
}

// Table is the table with a code, or nil (tests and tools).
func (s *Server) Table(code string) *Table { return s.table(code) }

// list is the lobby's tables, the newest first.
func (s *Server) list() []*Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		out = append(out, t)
	}
	sortTables(out)
	return out
}
